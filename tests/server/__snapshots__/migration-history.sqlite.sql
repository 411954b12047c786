-- index audio_assets_owner_id
CREATE INDEX "audio_assets_owner_id" on "audio_assets" ("owner_id")

-- index autosave_sessions_last_chunk_at
CREATE INDEX "autosave_sessions_last_chunk_at" on "autosave_sessions" ("last_chunk_at")

-- index comments_post_newest
CREATE INDEX "comments_post_newest" on "comments" ("post_id", "created_at", "id")

-- index comments_user_id
CREATE INDEX "comments_user_id" on "comments" ("user_id")

-- index conversation_members_user_activity
CREATE INDEX "conversation_members_user_activity" on "conversation_members" ("user_id", "last_activity_at", "conversation_id")

-- index conversation_members_user_type_activity
CREATE INDEX "conversation_members_user_type_activity" on "conversation_members" ("user_id", "type", "last_activity_at", "conversation_id")

-- index conversation_messages_audio
CREATE INDEX "conversation_messages_audio" on "conversation_messages" ("audio_id")

-- index conversation_messages_newest
CREATE INDEX "conversation_messages_newest" on "conversation_messages" ("conversation_id", "created_at", "id")

-- index conversation_messages_user_created
CREATE INDEX "conversation_messages_user_created" on "conversation_messages" ("user_id", "created_at", "id")

-- index draft_edits_original
CREATE INDEX "draft_edits_original" on "draft_edits" ("original_asset_id")

-- index draft_takes_audio
CREATE INDEX "draft_takes_audio" on "draft_takes" ("audio_id")

-- index draft_takes_post_created
CREATE INDEX "draft_takes_post_created" on "draft_takes" ("post_id", "created_at", "id")

-- index follows_follower_newest
CREATE INDEX "follows_follower_newest" on "follows" ("follower_id", "created_at", "following_id")

-- index follows_following_newest
CREATE INDEX "follows_following_newest" on "follows" ("following_id", "created_at", "follower_id")

-- index images_not_reencoded
CREATE INDEX "images_not_reencoded" on "images" ("id") where "reencoded" = 0

-- index images_owner_id
CREATE INDEX "images_owner_id" on "images" ("owner_id")

-- index jobs_status_run_after
CREATE INDEX "jobs_status_run_after" on "jobs" ("status", "run_after")

-- index login_throttles_blocked_until
CREATE INDEX "login_throttles_blocked_until" on "login_throttles" ("blocked_until")

-- index moderation_actions_moderator
CREATE INDEX "moderation_actions_moderator" on "moderation_actions" ("moderator_id")

-- index moderation_actions_newest
CREATE INDEX "moderation_actions_newest" on "moderation_actions" ("created_at", "id")

-- index moderation_actions_target
CREATE INDEX "moderation_actions_target" on "moderation_actions" ("target_kind", "target_id")

-- index moderation_cases_open_target
CREATE UNIQUE INDEX "moderation_cases_open_target" on "moderation_cases" ("target_kind", "target_id") where "status" = 'open'

-- index moderation_cases_status_newest
CREATE INDEX "moderation_cases_status_newest" on "moderation_cases" ("status", "last_reported_at", "id")

-- index moderation_cases_target
CREATE INDEX "moderation_cases_target" on "moderation_cases" ("target_kind", "target_id")

-- index notifications_actor_id
CREATE INDEX "notifications_actor_id" on "notifications" ("actor_id")

-- index notifications_user_id_order
CREATE INDEX "notifications_user_id_order" on "notifications" ("user_id", "id")

-- index notifications_user_newest
CREATE INDEX "notifications_user_newest" on "notifications" ("user_id", "created_at", "id")

-- index post_listen_days_owner_day
CREATE INDEX "post_listen_days_owner_day" on "post_listen_days" ("owner_id", "day", "post_id", "listens", "seconds")

-- index post_listens_day
CREATE INDEX "post_listens_day" on "post_listens" ("day")

-- index post_listens_listener
CREATE INDEX "post_listens_listener" on "post_listens" ("listener_key")

-- index post_reactions_post_kind
CREATE INDEX "post_reactions_post_kind" on "post_reactions" ("post_id", "kind")

-- index post_reactions_user_id
CREATE INDEX "post_reactions_user_id" on "post_reactions" ("user_id")

-- index posts_audio_id
CREATE INDEX "posts_audio_id" on "posts" ("audio_id")

-- index posts_image
CREATE INDEX "posts_image" on "posts" ("image_id")

-- index posts_public_newest
CREATE INDEX "posts_public_newest" on "posts" ("is_private", "is_draft", "created_at", "id")

-- index posts_trending
CREATE INDEX "posts_trending" on "posts" ("is_private", "is_draft", "trending_score", "id")

-- index posts_user_category_newest
CREATE INDEX "posts_user_category_newest" on "posts" ("user_id", "category", "created_at", "id")

-- index posts_user_drafts_newest
CREATE INDEX "posts_user_drafts_newest" on "posts" ("user_id", "is_draft", "created_at", "id")

-- index posts_user_newest
CREATE INDEX "posts_user_newest" on "posts" ("user_id", "created_at", "id")

-- index posts_user_published_newest
CREATE INDEX "posts_user_published_newest" on "posts" ("user_id", "is_private", "is_draft", "created_at", "id")

-- index posts_user_type_newest
CREATE INDEX "posts_user_type_newest" on "posts" ("user_id", "type", "created_at", "id")

-- index rate_limits_window_started_at
CREATE INDEX "rate_limits_window_started_at" on "rate_limits" ("window_started_at")

-- index reports_reporter
CREATE INDEX "reports_reporter" on "reports" ("reporter_id")

-- index reposts_user_id
CREATE INDEX "reposts_user_id" on "reposts" ("user_id")

-- index sessions_expires_at
CREATE INDEX "sessions_expires_at" on "sessions" ("expires_at")

-- index sessions_user_id
CREATE INDEX "sessions_user_id" on "sessions" ("user_id")

-- index user_blocks_blocked
CREATE INDEX "user_blocks_blocked" on "user_blocks" ("blocked_id", "blocker_id")

-- index user_blocks_newest
CREATE INDEX "user_blocks_newest" on "user_blocks" ("blocker_id", "created_at", "blocked_id")

-- index user_mutes_muted
CREATE INDEX "user_mutes_muted" on "user_mutes" ("muted_id", "muter_id")

-- index user_mutes_newest
CREATE INDEX "user_mutes_newest" on "user_mutes" ("muter_id", "created_at", "muted_id")

-- index users_created_at_id
CREATE INDEX "users_created_at_id" on "users" ("created_at", "id")

-- index users_last_active
CREATE INDEX "users_last_active" on "users" ("last_active_at", "id")

-- index users_suspended
CREATE INDEX "users_suspended" on "users" ("id") where "suspended_at" is not null

-- index users_username_lower
CREATE UNIQUE INDEX "users_username_lower" on "users" (lower(username))

-- index voice_bios_audio_id
CREATE INDEX "voice_bios_audio_id" on "voice_bios" ("audio_id")

-- table audio_assets
CREATE TABLE "audio_assets" ("id" text primary key, "owner_id" text not null references "users" ("id") on delete cascade, "is_private" integer not null, "original_key" text not null, "original_mime" text not null, "original_bytes" integer not null, "rendition_key" text, "rendition_mime" text, "duration" double precision not null, "waveform_json" text not null, "peaks_json" text not null, "peaks_per_second" double precision not null, "loudness_lufs" double precision, "created_at" text not null, "rendition_bytes" integer)

-- table autosave_chunks
CREATE TABLE "autosave_chunks" ("user_id" text not null, "session_id" text not null, "chunk_number" integer not null, "storage_key" text not null, "bytes" integer not null, "created_at" text not null, constraint "autosave_chunks_pk" primary key ("user_id", "session_id", "chunk_number"), constraint "autosave_chunks_session_fk" foreign key ("user_id", "session_id") references "autosave_sessions" ("user_id", "session_id") on delete cascade)

-- table autosave_sessions
CREATE TABLE "autosave_sessions" ("user_id" text not null references "users" ("id") on delete cascade, "session_id" text not null, "last_chunk_at" text not null, "total_duration" double precision not null, "published_at" text, "recovery_attempts" integer default 0 not null, "recovery_tried_at" text, "recovery_error" text, constraint "autosave_sessions_pk" primary key ("user_id", "session_id"))

-- table comments
CREATE TABLE "comments" ("id" text primary key, "post_id" text not null references "posts" ("id") on delete cascade, "user_id" text references "users" ("id") on delete cascade, "visitor_name" text, "visitor_email" text, "audio_id" text not null references "audio_assets" ("id"), "transcription" text, "created_at" text not null, "hidden_at" text, "is_hidden" integer default 0 not null, "held" integer default 0 not null)

-- table conversation_members
CREATE TABLE "conversation_members" ("conversation_id" text not null references "conversations" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "joined_at" text not null, "last_read_at" text not null, "last_activity_at" text not null, "type" text not null, "unread_count" integer default 0 not null, constraint "conversation_members_pkey" primary key ("conversation_id", "user_id"))

-- table conversation_messages
CREATE TABLE "conversation_messages" ("id" text primary key, "conversation_id" text not null references "conversations" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "audio_id" text not null references "audio_assets" ("id"), "transcription" text, "created_at" text not null, "hidden_at" text, "is_hidden" integer default 0 not null)

-- table conversations
CREATE TABLE "conversations" ("id" text primary key, "type" text not null, "name" text, "direct_key" text unique, "message_count" integer default 0 not null, "last_message_id" text, "created_at" text not null, "last_activity_at" text not null)

-- table draft_edits
CREATE TABLE "draft_edits" ("post_id" text primary key references "posts" ("id") on delete cascade, "original_asset_id" text not null references "audio_assets" ("id"), "operations_json" text not null, "saved_at" text not null)

-- table draft_takes
CREATE TABLE "draft_takes" ("id" text primary key, "post_id" text not null references "posts" ("id") on delete cascade, "audio_id" text not null references "audio_assets" ("id"), "created_at" text not null)

-- table follows
CREATE TABLE "follows" ("follower_id" text not null references "users" ("id") on delete cascade, "following_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "follows_pk" primary key ("follower_id", "following_id"))

-- table images
CREATE TABLE "images" ("id" text primary key, "owner_id" text not null references "users" ("id") on delete cascade, "is_private" integer not null, "storage_key" text not null, "mime" text not null, "bytes" integer not null, "created_at" text not null, "reencoded" integer default 0 not null)

-- table jobs
CREATE TABLE "jobs" ("id" text primary key, "name" text not null, "payload_json" text not null, "unique_key" text unique, "status" text not null, "attempts" integer default 0 not null, "max_attempts" integer not null, "run_after" text not null, "locked_until" text, "last_error" text, "created_at" text not null, "updated_at" text not null)

-- table listener_salts
CREATE TABLE "listener_salts" ("day" text primary key, "salt" text not null)

-- table login_throttles
CREATE TABLE "login_throttles" ("key" text primary key, "failures" integer not null, "blocked_until" bigint not null)

-- table moderation_actions
CREATE TABLE "moderation_actions" ("id" text primary key, "moderator_id" text, "action" text not null, "target_kind" text not null, "target_id" text not null, "case_id" text, "note" text, "created_at" text not null)

-- table moderation_cases
CREATE TABLE "moderation_cases" ("id" text primary key, "target_kind" text not null, "target_id" text not null, "status" text not null, "report_count" integer default 0 not null, "last_reported_at" text not null, "created_at" text not null, "closed_at" text)

-- table notifications
CREATE TABLE "notifications" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "actor_id" text not null references "users" ("id") on delete cascade, "type" text not null, "post_id" text references "posts" ("id") on delete cascade, "dedupe_key" text not null unique, "read_at" text, "created_at" text not null)

-- table post_listen_days
CREATE TABLE "post_listen_days" ("post_id" text not null references "posts" ("id") on delete cascade, "owner_id" text not null references "users" ("id") on delete cascade, "day" text not null, "listens" integer default 0 not null, "seconds" double precision default 0 not null, constraint "post_listen_days_pk" primary key ("post_id", "day"))

-- table post_listens
CREATE TABLE "post_listens" ("post_id" text not null references "posts" ("id") on delete cascade, "listener_key" text not null, "day" text not null, "seconds" double precision not null, "counted" integer default 0 not null, "created_at" text not null, constraint "post_listens_pk" primary key ("post_id", "listener_key", "day"))

-- table post_reactions
CREATE TABLE "post_reactions" ("post_id" text not null references "posts" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "kind" text not null, "created_at" text not null, constraint "post_reactions_pk" primary key ("post_id", "user_id"))

-- table posts
CREATE TABLE "posts" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "type" text not null, "is_draft" integer not null, "is_private" integer not null, "title" text not null, "category" text not null, "transcription" text, "affiliate_link" text, "affiliate_link_title" text, "chapters_json" text default '[]' not null, "audio_id" text not null references "audio_assets" ("id"), "image_id" text references "images" ("id"), "created_at" text not null, "updated_at" text not null, "allow_visitor_comments" integer default 0 not null, "listens" integer default 0 not null, "listening_seconds" double precision default 0 not null, "trending_score" double precision default 0 not null, "hidden_at" text, "is_hidden" integer default 0 not null, "hold_visitor_comments" integer default 0 not null)

-- table posts_search
CREATE VIRTUAL TABLE "posts_search" using fts5 (title, category, transcription, content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6')

-- table posts_search_config
CREATE TABLE 'posts_search_config'(k PRIMARY KEY, v) WITHOUT ROWID

-- table posts_search_data
CREATE TABLE 'posts_search_data'(id INTEGER PRIMARY KEY, block BLOB)

-- table posts_search_docsize
CREATE TABLE 'posts_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER)

-- table posts_search_idx
CREATE TABLE 'posts_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID

-- table posts_search_keys
CREATE TABLE "posts_search_keys" (key integer primary key, id text not null unique, user_id text, published integer not null default 0)

-- table rate_limits
CREATE TABLE "rate_limits" ("key" text primary key, "window_started_at" text not null, "hits" integer not null)

-- table reports
CREATE TABLE "reports" ("id" text primary key, "case_id" text not null references "moderation_cases" ("id") on delete cascade, "reporter_id" text not null references "users" ("id") on delete cascade, "reason" text not null, "note" text, "created_at" text not null, "updated_at" text not null, constraint "reports_case_reporter" unique ("case_id", "reporter_id"))

-- table reposts
CREATE TABLE "reposts" ("post_id" text not null references "posts" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "reposts_pk" primary key ("post_id", "user_id"))

-- table sessions
CREATE TABLE "sessions" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null)

-- table user_blocks
CREATE TABLE "user_blocks" ("blocker_id" text not null references "users" ("id") on delete cascade, "blocked_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "user_blocks_pkey" primary key ("blocker_id", "blocked_id"))

-- table user_mutes
CREATE TABLE "user_mutes" ("muter_id" text not null references "users" ("id") on delete cascade, "muted_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "user_mutes_pkey" primary key ("muter_id", "muted_id"))

-- table users
CREATE TABLE "users" ("id" text primary key, "email" text not null unique, "password_hash" text not null, "first_name" text, "last_name" text, "username" text not null unique, "bio" text, "links_json" text default '[]' not null, "profile_image_url" text, "background_image_url" text, "profile_image_offset_x" double precision default 0 not null, "profile_image_offset_y" double precision default 0 not null, "voice_bio_url" text, "location" text, "website" text, "interests" text, "post_count" integer default 0 not null, "created_at" text not null, "profile_image_id" text, "background_image_id" text, "last_active_at" text, "role" text default 'member' not null, "suspended_at" text)

-- table users_search
CREATE VIRTUAL TABLE "users_search" using fts5 (first_name, last_name, username, bio, content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6')

-- table users_search_config
CREATE TABLE 'users_search_config'(k PRIMARY KEY, v) WITHOUT ROWID

-- table users_search_data
CREATE TABLE 'users_search_data'(id INTEGER PRIMARY KEY, block BLOB)

-- table users_search_docsize
CREATE TABLE 'users_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER)

-- table users_search_idx
CREATE TABLE 'users_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID

-- table users_search_keys
CREATE TABLE "users_search_keys" (key integer primary key, id text not null unique)

-- table voice_bios
CREATE TABLE "voice_bios" ("user_id" text primary key references "users" ("id") on delete cascade, "audio_id" text not null references "audio_assets" ("id"), "created_at" text not null)

-- trigger posts_search_delete
CREATE TRIGGER posts_search_delete after delete on "posts"
    begin delete from "posts_search" where rowid = (select key from "posts_search_keys" where id = old.id); delete from "posts_search_keys" where id = old.id; end

-- trigger posts_search_insert
CREATE TRIGGER posts_search_insert after insert on "posts"
    begin insert into "posts_search_keys" (id) values (new.id); insert into "posts_search" (rowid, title, category, transcription) values ((select key from "posts_search_keys" where id = new.id), new.title, new.category, new.transcription); end

-- trigger posts_search_keys_visibility
CREATE TRIGGER posts_search_keys_visibility after insert on posts_search_keys
    begin
      update posts_search_keys set (user_id, published) = (select user_id, (posts.is_private = 0 and posts.is_draft = 0) from posts
        where posts.id = new.id) where key = new.key;
    end

-- trigger posts_search_update
CREATE TRIGGER posts_search_update after update of title, category, transcription on "posts"
    begin delete from "posts_search" where rowid = (select key from "posts_search_keys" where id = old.id); insert into "posts_search" (rowid, title, category, transcription) values ((select key from "posts_search_keys" where id = new.id), new.title, new.category, new.transcription); end

-- trigger posts_search_visibility
CREATE TRIGGER posts_search_visibility after update of user_id, is_private, is_draft on posts
    begin
      update posts_search_keys set user_id = new.user_id, published = (new.is_private = 0 and new.is_draft = 0) where id = new.id;
    end

-- trigger users_search_delete
CREATE TRIGGER users_search_delete after delete on "users"
    begin delete from "users_search" where rowid = (select key from "users_search_keys" where id = old.id); delete from "users_search_keys" where id = old.id; end

-- trigger users_search_insert
CREATE TRIGGER users_search_insert after insert on "users"
    begin insert into "users_search_keys" (id) values (new.id); insert into "users_search" (rowid, first_name, last_name, username, bio) values ((select key from "users_search_keys" where id = new.id), new.first_name, new.last_name, new.username, new.bio); end

-- trigger users_search_update
CREATE TRIGGER users_search_update after update of first_name, last_name, username, bio on "users"
    begin delete from "users_search" where rowid = (select key from "users_search_keys" where id = old.id); insert into "users_search" (rowid, first_name, last_name, username, bio) values ((select key from "users_search_keys" where id = new.id), new.first_name, new.last_name, new.username, new.bio); end
