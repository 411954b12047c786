-- columns
audio_assets.created_at text not null
audio_assets.duration double precision not null
audio_assets.id text not null
audio_assets.is_private integer not null
audio_assets.loudness_lufs double precision
audio_assets.original_bytes integer not null
audio_assets.original_key text not null
audio_assets.original_mime text not null
audio_assets.owner_id text not null
audio_assets.peaks_json text not null
audio_assets.peaks_per_second double precision not null
audio_assets.rendition_bytes integer
audio_assets.rendition_key text
audio_assets.rendition_mime text
audio_assets.waveform_json text not null
autosave_chunks.bytes integer not null
autosave_chunks.chunk_number integer not null
autosave_chunks.created_at text not null
autosave_chunks.session_id text not null
autosave_chunks.storage_key text not null
autosave_chunks.user_id text not null
autosave_sessions.last_chunk_at text not null
autosave_sessions.published_at text
autosave_sessions.recovery_attempts integer not null default 0
autosave_sessions.recovery_error text
autosave_sessions.recovery_tried_at text
autosave_sessions.session_id text not null
autosave_sessions.total_duration double precision not null
autosave_sessions.user_id text not null
comments.audio_id text not null
comments.created_at text not null
comments.held integer not null default 0
comments.hidden_at text
comments.id text not null
comments.is_hidden integer not null default 0
comments.post_id text not null
comments.transcription text
comments.user_id text
comments.visitor_email text
comments.visitor_name text
conversation_members.conversation_id text not null
conversation_members.joined_at text not null
conversation_members.last_activity_at text not null
conversation_members.last_read_at text not null
conversation_members.type text not null
conversation_members.unread_count integer not null default 0
conversation_members.user_id text not null
conversation_messages.audio_id text not null
conversation_messages.conversation_id text not null
conversation_messages.created_at text not null
conversation_messages.hidden_at text
conversation_messages.id text not null
conversation_messages.is_hidden integer not null default 0
conversation_messages.transcription text
conversation_messages.user_id text not null
conversations.created_at text not null
conversations.direct_key text
conversations.id text not null
conversations.last_activity_at text not null
conversations.last_message_id text
conversations.message_count integer not null default 0
conversations.name text
conversations.type text not null
draft_edits.operations_json text not null
draft_edits.original_asset_id text not null
draft_edits.post_id text not null
draft_edits.saved_at text not null
draft_takes.audio_id text not null
draft_takes.created_at text not null
draft_takes.id text not null
draft_takes.post_id text not null
follows.created_at text not null
follows.follower_id text not null
follows.following_id text not null
images.bytes integer not null
images.created_at text not null
images.id text not null
images.is_private integer not null
images.mime text not null
images.owner_id text not null
images.reencoded integer not null default 0
images.storage_key text not null
jobs.attempts integer not null default 0
jobs.created_at text not null
jobs.id text not null
jobs.last_error text
jobs.locked_until text
jobs.max_attempts integer not null
jobs.name text not null
jobs.payload_json text not null
jobs.run_after text not null
jobs.status text not null
jobs.unique_key text
jobs.updated_at text not null
listener_salts.day text not null
listener_salts.salt text not null
login_throttles.blocked_until bigint not null
login_throttles.failures integer not null
login_throttles.key text not null
moderation_actions.action text not null
moderation_actions.case_id text
moderation_actions.created_at text not null
moderation_actions.id text not null
moderation_actions.moderator_id text
moderation_actions.note text
moderation_actions.target_id text not null
moderation_actions.target_kind text not null
moderation_cases.closed_at text
moderation_cases.created_at text not null
moderation_cases.id text not null
moderation_cases.last_reported_at text not null
moderation_cases.report_count integer not null default 0
moderation_cases.status text not null
moderation_cases.target_id text not null
moderation_cases.target_kind text not null
notifications.actor_id text not null
notifications.created_at text not null
notifications.dedupe_key text not null
notifications.id text not null
notifications.post_id text
notifications.read_at text
notifications.type text not null
notifications.user_id text not null
post_listen_days.day text not null
post_listen_days.listens integer not null default 0
post_listen_days.owner_id text not null
post_listen_days.post_id text not null
post_listen_days.seconds double precision not null default 0
post_listens.counted integer not null default 0
post_listens.created_at text not null
post_listens.day text not null
post_listens.listener_key text not null
post_listens.post_id text not null
post_listens.seconds double precision not null
post_reactions.created_at text not null
post_reactions.kind text not null
post_reactions.post_id text not null
post_reactions.user_id text not null
posts.affiliate_link text
posts.affiliate_link_title text
posts.allow_visitor_comments integer not null default 0
posts.audio_id text not null
posts.category text not null
posts.chapters_json text not null default '[]'::text
posts.created_at text not null
posts.hidden_at text
posts.hold_visitor_comments integer not null default 0
posts.id text not null
posts.image_id text
posts.is_draft integer not null
posts.is_hidden integer not null default 0
posts.is_private integer not null
posts.listening_seconds double precision not null default 0
posts.listens integer not null default 0
posts.title text not null
posts.transcription text
posts.trending_score double precision not null default 0
posts.type text not null
posts.updated_at text not null
posts.user_id text not null
posts_search.document tsvector not null statistics 1000
posts_search.id text not null
posts_search.key bigint not null identity a
posts_search.published boolean not null default false
posts_search.user_id text not null
rate_limits.hits integer not null
rate_limits.key text not null
rate_limits.window_started_at text not null
reports.case_id text not null
reports.created_at text not null
reports.id text not null
reports.note text
reports.reason text not null
reports.reporter_id text not null
reports.updated_at text not null
reposts.created_at text not null
reposts.post_id text not null
reposts.user_id text not null
sessions.created_at text not null
sessions.expires_at text not null
sessions.id text not null
sessions.user_id text not null
user_blocks.blocked_id text not null
user_blocks.blocker_id text not null
user_blocks.created_at text not null
user_mutes.created_at text not null
user_mutes.muted_id text not null
user_mutes.muter_id text not null
users.background_image_id text
users.background_image_url text
users.bio text
users.created_at text not null
users.email text not null
users.first_name text
users.id text not null
users.interests text
users.last_active_at text
users.last_name text
users.links_json text not null default '[]'::text
users.location text
users.password_hash text not null
users.post_count integer not null default 0
users.profile_image_id text
users.profile_image_offset_x double precision not null default 0
users.profile_image_offset_y double precision not null default 0
users.profile_image_url text
users.role text not null default 'member'::text
users.suspended_at text
users.username text not null
users.voice_bio_url text
users.website text
users_search.document tsvector not null statistics 1000
users_search.id text not null
users_search.key bigint not null identity a
voice_bios.audio_id text not null
voice_bios.created_at text not null
voice_bios.user_id text not null

-- constraints
audio_assets audio_assets_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE
audio_assets audio_assets_pkey PRIMARY KEY (id)
autosave_chunks autosave_chunks_pk PRIMARY KEY (user_id, session_id, chunk_number)
autosave_chunks autosave_chunks_session_fk FOREIGN KEY (user_id, session_id) REFERENCES autosave_sessions(user_id, session_id) ON DELETE CASCADE
autosave_sessions autosave_sessions_pk PRIMARY KEY (user_id, session_id)
autosave_sessions autosave_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
comments comments_audio_id_fkey FOREIGN KEY (audio_id) REFERENCES audio_assets(id)
comments comments_pkey PRIMARY KEY (id)
comments comments_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
comments comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
conversation_members conversation_members_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES conversations(id) ON DELETE CASCADE
conversation_members conversation_members_pkey PRIMARY KEY (conversation_id, user_id)
conversation_members conversation_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
conversation_messages conversation_messages_audio_id_fkey FOREIGN KEY (audio_id) REFERENCES audio_assets(id)
conversation_messages conversation_messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES conversations(id) ON DELETE CASCADE
conversation_messages conversation_messages_pkey PRIMARY KEY (id)
conversation_messages conversation_messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
conversations conversations_direct_key_key UNIQUE (direct_key)
conversations conversations_pkey PRIMARY KEY (id)
draft_edits draft_edits_original_asset_id_fkey FOREIGN KEY (original_asset_id) REFERENCES audio_assets(id)
draft_edits draft_edits_pkey PRIMARY KEY (post_id)
draft_edits draft_edits_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
draft_takes draft_takes_audio_id_fkey FOREIGN KEY (audio_id) REFERENCES audio_assets(id)
draft_takes draft_takes_pkey PRIMARY KEY (id)
draft_takes draft_takes_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
follows follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES users(id) ON DELETE CASCADE
follows follows_following_id_fkey FOREIGN KEY (following_id) REFERENCES users(id) ON DELETE CASCADE
follows follows_pk PRIMARY KEY (follower_id, following_id)
images images_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE
images images_pkey PRIMARY KEY (id)
jobs jobs_pkey PRIMARY KEY (id)
jobs jobs_unique_key_key UNIQUE (unique_key)
listener_salts listener_salts_pkey PRIMARY KEY (day)
login_throttles login_throttles_pkey PRIMARY KEY (key)
moderation_actions moderation_actions_pkey PRIMARY KEY (id)
moderation_cases moderation_cases_pkey PRIMARY KEY (id)
notifications notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE CASCADE
notifications notifications_dedupe_key_key UNIQUE (dedupe_key)
notifications notifications_pkey PRIMARY KEY (id)
notifications notifications_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
notifications notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
post_listen_days post_listen_days_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users(id) ON DELETE CASCADE
post_listen_days post_listen_days_pk PRIMARY KEY (post_id, day)
post_listen_days post_listen_days_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
post_listens post_listens_pk PRIMARY KEY (post_id, listener_key, day)
post_listens post_listens_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
post_reactions post_reactions_pk PRIMARY KEY (post_id, user_id)
post_reactions post_reactions_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
post_reactions post_reactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
posts posts_audio_id_fkey FOREIGN KEY (audio_id) REFERENCES audio_assets(id)
posts posts_image_id_fkey FOREIGN KEY (image_id) REFERENCES images(id)
posts posts_pkey PRIMARY KEY (id)
posts posts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
posts_search posts_search_id_fkey FOREIGN KEY (id) REFERENCES posts(id) ON DELETE CASCADE
posts_search posts_search_id_key UNIQUE (id)
posts_search posts_search_pkey PRIMARY KEY (key)
rate_limits rate_limits_pkey PRIMARY KEY (key)
reports reports_case_id_fkey FOREIGN KEY (case_id) REFERENCES moderation_cases(id) ON DELETE CASCADE
reports reports_case_reporter UNIQUE (case_id, reporter_id)
reports reports_pkey PRIMARY KEY (id)
reports reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES users(id) ON DELETE CASCADE
reposts reposts_pk PRIMARY KEY (post_id, user_id)
reposts reposts_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
reposts reposts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
sessions sessions_pkey PRIMARY KEY (id)
sessions sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
user_blocks user_blocks_blocked_id_fkey FOREIGN KEY (blocked_id) REFERENCES users(id) ON DELETE CASCADE
user_blocks user_blocks_blocker_id_fkey FOREIGN KEY (blocker_id) REFERENCES users(id) ON DELETE CASCADE
user_blocks user_blocks_pkey PRIMARY KEY (blocker_id, blocked_id)
user_mutes user_mutes_muted_id_fkey FOREIGN KEY (muted_id) REFERENCES users(id) ON DELETE CASCADE
user_mutes user_mutes_muter_id_fkey FOREIGN KEY (muter_id) REFERENCES users(id) ON DELETE CASCADE
user_mutes user_mutes_pkey PRIMARY KEY (muter_id, muted_id)
users users_email_key UNIQUE (email)
users users_pkey PRIMARY KEY (id)
users_search users_search_id_fkey FOREIGN KEY (id) REFERENCES users(id) ON DELETE CASCADE
users_search users_search_id_key UNIQUE (id)
users_search users_search_pkey PRIMARY KEY (key)
voice_bios voice_bios_audio_id_fkey FOREIGN KEY (audio_id) REFERENCES audio_assets(id)
voice_bios voice_bios_pkey PRIMARY KEY (user_id)
voice_bios voice_bios_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE

-- indexes
CREATE INDEX audio_assets_owner_id ON <schema>.audio_assets USING btree (owner_id)
CREATE UNIQUE INDEX audio_assets_pkey ON <schema>.audio_assets USING btree (id)
CREATE UNIQUE INDEX autosave_chunks_pk ON <schema>.autosave_chunks USING btree (user_id, session_id, chunk_number)
CREATE INDEX autosave_sessions_last_chunk_at ON <schema>.autosave_sessions USING btree (last_chunk_at)
CREATE UNIQUE INDEX autosave_sessions_pk ON <schema>.autosave_sessions USING btree (user_id, session_id)
CREATE UNIQUE INDEX comments_pkey ON <schema>.comments USING btree (id)
CREATE INDEX comments_post_newest ON <schema>.comments USING btree (post_id, created_at, id)
CREATE INDEX comments_user_id ON <schema>.comments USING btree (user_id)
CREATE UNIQUE INDEX conversation_members_pkey ON <schema>.conversation_members USING btree (conversation_id, user_id)
CREATE INDEX conversation_members_user_activity ON <schema>.conversation_members USING btree (user_id, last_activity_at, conversation_id)
CREATE INDEX conversation_members_user_type_activity ON <schema>.conversation_members USING btree (user_id, type, last_activity_at, conversation_id)
CREATE INDEX conversation_messages_audio ON <schema>.conversation_messages USING btree (audio_id)
CREATE INDEX conversation_messages_newest ON <schema>.conversation_messages USING btree (conversation_id, created_at, id)
CREATE UNIQUE INDEX conversation_messages_pkey ON <schema>.conversation_messages USING btree (id)
CREATE INDEX conversation_messages_user_created ON <schema>.conversation_messages USING btree (user_id, created_at, id)
CREATE UNIQUE INDEX conversations_direct_key_key ON <schema>.conversations USING btree (direct_key)
CREATE UNIQUE INDEX conversations_pkey ON <schema>.conversations USING btree (id)
CREATE INDEX draft_edits_original ON <schema>.draft_edits USING btree (original_asset_id)
CREATE UNIQUE INDEX draft_edits_pkey ON <schema>.draft_edits USING btree (post_id)
CREATE INDEX draft_takes_audio ON <schema>.draft_takes USING btree (audio_id)
CREATE UNIQUE INDEX draft_takes_pkey ON <schema>.draft_takes USING btree (id)
CREATE INDEX draft_takes_post_created ON <schema>.draft_takes USING btree (post_id, created_at, id)
CREATE INDEX follows_follower_newest ON <schema>.follows USING btree (follower_id, created_at, following_id)
CREATE INDEX follows_following_newest ON <schema>.follows USING btree (following_id, created_at, follower_id)
CREATE UNIQUE INDEX follows_pk ON <schema>.follows USING btree (follower_id, following_id)
CREATE INDEX images_not_reencoded ON <schema>.images USING btree (id) WHERE (reencoded = 0)
CREATE INDEX images_owner_id ON <schema>.images USING btree (owner_id)
CREATE UNIQUE INDEX images_pkey ON <schema>.images USING btree (id)
CREATE UNIQUE INDEX jobs_pkey ON <schema>.jobs USING btree (id)
CREATE INDEX jobs_status_run_after ON <schema>.jobs USING btree (status, run_after)
CREATE UNIQUE INDEX jobs_unique_key_key ON <schema>.jobs USING btree (unique_key)
CREATE UNIQUE INDEX listener_salts_pkey ON <schema>.listener_salts USING btree (day)
CREATE INDEX login_throttles_blocked_until ON <schema>.login_throttles USING btree (blocked_until)
CREATE UNIQUE INDEX login_throttles_pkey ON <schema>.login_throttles USING btree (key)
CREATE INDEX moderation_actions_moderator ON <schema>.moderation_actions USING btree (moderator_id)
CREATE INDEX moderation_actions_newest ON <schema>.moderation_actions USING btree (created_at, id)
CREATE UNIQUE INDEX moderation_actions_pkey ON <schema>.moderation_actions USING btree (id)
CREATE INDEX moderation_actions_target ON <schema>.moderation_actions USING btree (target_kind, target_id)
CREATE UNIQUE INDEX moderation_cases_open_target ON <schema>.moderation_cases USING btree (target_kind, target_id) WHERE (status = 'open'::text)
CREATE UNIQUE INDEX moderation_cases_pkey ON <schema>.moderation_cases USING btree (id)
CREATE INDEX moderation_cases_status_newest ON <schema>.moderation_cases USING btree (status, last_reported_at, id)
CREATE INDEX moderation_cases_target ON <schema>.moderation_cases USING btree (target_kind, target_id)
CREATE INDEX notifications_actor_id ON <schema>.notifications USING btree (actor_id)
CREATE UNIQUE INDEX notifications_dedupe_key_key ON <schema>.notifications USING btree (dedupe_key)
CREATE UNIQUE INDEX notifications_pkey ON <schema>.notifications USING btree (id)
CREATE INDEX notifications_user_id_order ON <schema>.notifications USING btree (user_id, id)
CREATE INDEX notifications_user_newest ON <schema>.notifications USING btree (user_id, created_at, id)
CREATE INDEX post_listen_days_owner_day ON <schema>.post_listen_days USING btree (owner_id, day, post_id, listens, seconds)
CREATE UNIQUE INDEX post_listen_days_pk ON <schema>.post_listen_days USING btree (post_id, day)
CREATE INDEX post_listens_day ON <schema>.post_listens USING btree (day)
CREATE INDEX post_listens_listener ON <schema>.post_listens USING btree (listener_key)
CREATE UNIQUE INDEX post_listens_pk ON <schema>.post_listens USING btree (post_id, listener_key, day)
CREATE UNIQUE INDEX post_reactions_pk ON <schema>.post_reactions USING btree (post_id, user_id)
CREATE INDEX post_reactions_post_kind ON <schema>.post_reactions USING btree (post_id, kind)
CREATE INDEX post_reactions_user_id ON <schema>.post_reactions USING btree (user_id)
CREATE INDEX posts_audio_id ON <schema>.posts USING btree (audio_id)
CREATE INDEX posts_image ON <schema>.posts USING btree (image_id)
CREATE UNIQUE INDEX posts_pkey ON <schema>.posts USING btree (id)
CREATE INDEX posts_public_newest ON <schema>.posts USING btree (is_private, is_draft, created_at, id)
CREATE INDEX posts_search_document ON <schema>.posts_search USING gin (document)
CREATE UNIQUE INDEX posts_search_id_key ON <schema>.posts_search USING btree (id)
CREATE UNIQUE INDEX posts_search_pkey ON <schema>.posts_search USING btree (key)
CREATE INDEX posts_trending ON <schema>.posts USING btree (is_private, is_draft, trending_score, id)
CREATE INDEX posts_user_category_newest ON <schema>.posts USING btree (user_id, category, created_at, id)
CREATE INDEX posts_user_drafts_newest ON <schema>.posts USING btree (user_id, is_draft, created_at, id)
CREATE INDEX posts_user_newest ON <schema>.posts USING btree (user_id, created_at, id)
CREATE INDEX posts_user_published_newest ON <schema>.posts USING btree (user_id, is_private, is_draft, created_at, id)
CREATE INDEX posts_user_type_newest ON <schema>.posts USING btree (user_id, type, created_at, id)
CREATE UNIQUE INDEX rate_limits_pkey ON <schema>.rate_limits USING btree (key)
CREATE INDEX rate_limits_window_started_at ON <schema>.rate_limits USING btree (window_started_at)
CREATE UNIQUE INDEX reports_case_reporter ON <schema>.reports USING btree (case_id, reporter_id)
CREATE UNIQUE INDEX reports_pkey ON <schema>.reports USING btree (id)
CREATE INDEX reports_reporter ON <schema>.reports USING btree (reporter_id)
CREATE UNIQUE INDEX reposts_pk ON <schema>.reposts USING btree (post_id, user_id)
CREATE INDEX reposts_user_id ON <schema>.reposts USING btree (user_id)
CREATE INDEX sessions_expires_at ON <schema>.sessions USING btree (expires_at)
CREATE UNIQUE INDEX sessions_pkey ON <schema>.sessions USING btree (id)
CREATE INDEX sessions_user_id ON <schema>.sessions USING btree (user_id)
CREATE INDEX user_blocks_blocked ON <schema>.user_blocks USING btree (blocked_id, blocker_id)
CREATE INDEX user_blocks_newest ON <schema>.user_blocks USING btree (blocker_id, created_at, blocked_id)
CREATE UNIQUE INDEX user_blocks_pkey ON <schema>.user_blocks USING btree (blocker_id, blocked_id)
CREATE INDEX user_mutes_muted ON <schema>.user_mutes USING btree (muted_id, muter_id)
CREATE INDEX user_mutes_newest ON <schema>.user_mutes USING btree (muter_id, created_at, muted_id)
CREATE UNIQUE INDEX user_mutes_pkey ON <schema>.user_mutes USING btree (muter_id, muted_id)
CREATE INDEX users_created_at_id ON <schema>.users USING btree (created_at, id)
CREATE UNIQUE INDEX users_email_key ON <schema>.users USING btree (email)
CREATE INDEX users_last_active ON <schema>.users USING btree (last_active_at, id)
CREATE UNIQUE INDEX users_pkey ON <schema>.users USING btree (id)
CREATE INDEX users_search_document ON <schema>.users_search USING gin (document)
CREATE UNIQUE INDEX users_search_id_key ON <schema>.users_search USING btree (id)
CREATE UNIQUE INDEX users_search_pkey ON <schema>.users_search USING btree (key)
CREATE INDEX users_suspended ON <schema>.users USING btree (id) WHERE (suspended_at IS NOT NULL)
CREATE UNIQUE INDEX users_username_lower ON <schema>.users USING btree (lower(username))
CREATE INDEX voice_bios_audio_id ON <schema>.voice_bios USING btree (audio_id)
CREATE UNIQUE INDEX voice_bios_pkey ON <schema>.voice_bios USING btree (user_id)

-- triggers
CREATE TRIGGER posts_search_write AFTER INSERT OR UPDATE OF title, category, transcription, user_id, is_private, is_draft ON <schema>.posts FOR EACH ROW EXECUTE FUNCTION posts_search_write()
CREATE TRIGGER users_search_write AFTER INSERT OR UPDATE OF first_name, last_name, username, bio ON <schema>.users FOR EACH ROW EXECUTE FUNCTION users_search_write()

-- functions
CREATE OR REPLACE FUNCTION <schema>.posts_search_write()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into posts_search (id, document, user_id, published)
        values (new.id, setweight(to_tsvector('simple'::regconfig, translate(lower(coalesce(new.title, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(lower(coalesce(new.category, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(lower(coalesce(new.transcription, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')), 'C'), new.user_id, (new.is_private = 0 and new.is_draft = 0))
        on conflict (id) do update
          set document = excluded.document, user_id = excluded.user_id, published = excluded.published;
      return null;
    end $function$

CREATE OR REPLACE FUNCTION <schema>.users_search_write()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      insert into "users_search" (id, document) values (new.id, setweight(to_tsvector('simple'::regconfig, translate(lower(coalesce(new.first_name, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy') || ' ' || translate(lower(coalesce(new.last_name, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy') || ' ' || translate(lower(coalesce(new.username, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(lower(coalesce(new.bio, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')), 'C'))
        on conflict (id) do update set document = excluded.document;
      return null;
    end $function$

