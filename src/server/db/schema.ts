import type { GroupAdds } from '@shared/domain/conversations';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Portable column types: text ids, ISO-8601 text timestamps, integer booleans, JSON as text. */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  username: string;
  bio: string | null;
  links_json: Generated<string>;
  profile_image_url: string | null;
  background_image_url: string | null;
  /** The images rows behind the two URLs above, deleted when replaced. */
  profile_image_id: string | null;
  background_image_id: string | null;
  /** The picture's framing in its avatar: object-position percentages and a zoom (see `PictureFraming`). */
  profile_image_position_x: Generated<number>;
  profile_image_position_y: Generated<number>;
  profile_image_zoom: Generated<number>;
  voice_bio_url: string | null;
  location: string | null;
  website: string | null;
  interests: string | null;
  post_count: Generated<number>;
  created_at: string;
  /** When the person last posted, commented, reacted, followed, listened or signed in (to the minute). */
  last_active_at: string | null;
  role: Generated<UserRole>;
  /** A suspended person cannot sign in, and their content is hidden from others. */
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who may add this person to a group (a direct chat is open to all). */
  group_adds: Generated<GroupAdds>;
  /** 1: their private posts may go to the operator's speech recogniser (issue 29); off by default. */
  transcribe_private: Generated<number>;
  /** A person of another server (issue 28): their actor; they have no password and never sign in. */
  remote_actor_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserRole = 'member' | 'moderator';

/** Columns of posts, comments and voice messages (20261125T0300-reports-and-moderation). */
interface Moderated {
  /** When a moderator hid it. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: hidden from everyone but its owner and moderators (hidden by a moderator, or its author suspended). */
  is_hidden: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a copy of the database does not hand out live sessions. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: string;
  hits: number;
}

/** Sign-in attempts per (account, address) pair and per address; see services/login-throttle.ts. */
export interface LoginThrottlesTable {
  key: string;
  /** Failed attempts, counting those still being checked. */
  failures: number;
  /**
   * Epoch milliseconds, not ISO text, so the backoff is computed inside the reserving statement; PostgreSQL
   * returns a bigint as a string.
   */
  blocked_until: ColumnType<string | number, number, number>;
}

export interface AudioAssetsTable {
  id: string;
  owner_id: string;
  /** Mirrors the owning record's visibility so media URLs answer as the record does. */
  is_private: number;
  original_key: string;
  original_mime: string;
  original_bytes: number;
  rendition_key: string | null;
  rendition_mime: string | null;
  rendition_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Seconds, measured by decoding. */
  duration: number;
  waveform_json: string;
  peaks_json: string;
  peaks_per_second: number;
  loudness_lufs: number | null;
  /** Where the speech is: a JSON array of [start, end] seconds; null until measured (recordings stored before). */
  speech_json: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface ImagesTable {
  id: string;
  owner_id: string;
  is_private: number;
  storage_key: string;
  mime: string;
  bytes: number;
  /** 1 once decoded and re-encoded here; 0 for a photo stored as uploaded, before that. */
  reencoded: Generated<number>;
  /** In pixels; null for a picture stored before sizes were kept, until it is first measured. */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
}

export interface PostsTable extends Moderated {
  id: string;
  /** A post of a person of another server (issue 28): its original's page there. */
  original_url: ColumnType<string | null, string | null | undefined, string | null>;
  user_id: string;
  type: 'post' | 'episode' | 'diary';
  is_draft: number;
  is_private: number;
  title: string;
  category: string;
  transcription: string | null;
  /** Null: written by the author (or none); 'recognised': by the operator's speech recogniser (issue 29). */
  transcription_source: ColumnType<'recognised' | null, 'recognised' | null | undefined, 'recognised' | null>;
  affiliate_link: string | null;
  affiliate_link_title: string | null;
  chapters_json: Generated<string>;
  audio_id: string;
  image_id: string | null;
  allow_visitor_comments: Generated<number>;
  /** Counted listens by others, kept by each listen report. */
  listens: Generated<number>;
  /** Seconds others listened, kept by each listen report. */
  listening_seconds: Generated<number>;
  /** Discover's trending order, kept by queries/trending.ts. */
  trending_score: Generated<number>;
  /** 1: visitors' comments wait for the owner's approval. */
  hold_visitor_comments: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PostReactionsTable {
  post_id: string;
  user_id: string;
  kind: 'like' | 'dislike';
  created_at: string;
}

export interface RepostsTable {
  post_id: string;
  user_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  following_id: string;
  created_at: string;
}

export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

export interface UserMutesTable {
  muter_id: string;
  muted_id: string;
  created_at: string;
}

export interface CommentsTable extends Moderated {
  id: string;
  post_id: string;
  /** Null for a signed-out visitor's comment. */
  user_id: string | null;
  visitor_name: string | null;
  visitor_email: string | null;
  audio_id: string;
  transcription: string | null;
  /** Seconds into the post the reply is anchored to; null for a reply to the whole post. */
  at_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: a visitor's comment waiting for the post owner's approval, seen by them and moderators alone. */
  held: Generated<number>;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  actor_id: string;
  type: 'like' | 'comment' | 'follow' | 'repost' | 'publish-request';
  post_id: string | null;
  /** The conversation a publish request asks about. */
  conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  dedupe_key: string;
  read_at: string | null;
  created_at: string;
}

export interface JobsTable {
  id: string;
  name: string;
  payload_json: string;
  unique_key: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  /** 0, the default, first; background work (JOB_PRIORITY.background) only when nothing else is due. */
  priority: Generated<number>;
  run_after: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AutosaveSessionsTable {
  user_id: string;
  session_id: string;
  last_chunk_at: string;
  total_duration: number;
  published_at: string | null;
  /** Failed recoveries that were the session's own fault (its content); at the limit it is given up. */
  recovery_attempts: Generated<number>;
  /** When the sweep last tried and failed to recover it: the least recently tried go first. */
  recovery_tried_at: string | null;
  recovery_error: string | null;
}

export interface AutosaveChunksTable {
  user_id: string;
  session_id: string;
  chunk_number: number;
  storage_key: string;
  bytes: number;
  created_at: string;
}

/** A person's voice bio (users.voice_bio_url holds its address). */
export interface VoiceBiosTable {
  user_id: string;
  audio_id: string;
  created_at: string;
}

/** One post's listens on one UTC day: what the stats chart reads. */
export interface PostListenDaysTable {
  post_id: string;
  /** The post's owner, so a person's chart reads through one index. */
  owner_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  listens: Generated<number>;
  seconds: Generated<number>;
}

/** One listener's listening of one post on one UTC day. */
export interface PostListensTable {
  post_id: string;
  /**
   * Under that day's salt: `m:<HMAC of the user id>` for a member, `v:<HMAC of address block and user agent>` for a
   * visitor. Never a user id or an address.
   */
  listener_key: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** Listening time reported that day, at most three times the post's length. */
  seconds: number;
  /** 1 once `seconds` reached min(5, the post's length): a listen the stats count. */
  counted: Generated<number>;
  created_at: string;
}

/** The random salt visitors' listener keys are made with on one UTC day; deleted the day after. */
export interface ListenerSaltsTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  salt: string;
}

/** Spec §3 Conversation: a direct one between two people (found again by `direct_key`) or a named group. */
export interface ConversationsTable {
  id: string;
  type: 'direct' | 'group';
  name: string | null;
  /** Direct only: the two user ids, sorted, joined by a space. */
  direct_key: string | null;
  message_count: Generated<number>;
  last_message_id: string | null;
  created_at: string;
  last_activity_at: string;
}

export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  joined_at: string;
  /** Messages after this, from someone else, are unread. */
  last_read_at: string;
  /** A copy of the conversation's last_activity_at, for this person's list. */
  last_activity_at: string;
  /** A copy of the conversation's type, for this person's list of one type. */
  type: 'direct' | 'group';
  /** Messages from others after last_read_at. */
  unread_count: Generated<number>;
}

/** Spec §3 Conversation recording: a voice message. */
export interface ConversationMessagesTable extends Moderated {
  id: string;
  conversation_id: string;
  user_id: string;
  audio_id: string;
  transcription: string | null;
  created_at: string;
}

export type PublishRequestStatus = 'asking' | 'posted' | 'withdrawn';
export type PublishAnswer = 'pending' | 'agreed' | 'declined';

/** A member asking the others whose voices a conversation holds to post it (issue 25). */
export interface PublishRequestsTable {
  id: string;
  conversation_id: string;
  requester_id: string;
  status: PublishRequestStatus;
  post_id: string | null;
  /** The messages sent up to this moment are what the others are asked about. */
  created_at: string;
}

/** An audio file shared from the share sheet, kept until its person's recorder takes it (one a person). */
export interface SharedAudioTable {
  user_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  bytes: number;
  shared_at: string;
}

/** Where a person stopped in a post, and whether they heard it to the end (1). */
export interface ListeningPositionsTable {
  user_id: string;
  post_id: string;
  position_seconds: number;
  heard: Generated<number>;
  updated_at: string;
}

/** The deployment's own VAPID key pair (id `default`), when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset. */
export interface VapidKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which every payload is encrypted to. */
  p256dh: string;
  auth: string;
  device_name: string;
  created_at: string;
  last_delivered_at: string | null;
}

/** What pushes to a person (1 on, 0 off); no row: the defaults. */
export interface PushPreferencesTable {
  user_id: string;
  messages: number;
  replies: number;
  followers: number;
  likes: number;
  new_posts: number;
  updated_at: string;
}

/** When a post's likes last pushed to its owner. */
export interface PushLikeRoundsTable {
  post_id: string;
  pushed_at: string;
}

export interface PublishAnswersTable {
  request_id: string;
  user_id: string;
  answer: PublishAnswer;
  answered_at: string | null;
}

/** A post made from a conversation; `rendered_parts` is how many of its parts its audio holds now. */
export interface ConversationPostsTable {
  post_id: string;
  conversation_id: string;
  rendered_parts: number;
}

/** One message's stretch of a conversation's post, where it is in the post's current audio. */
export interface ConversationPostPartsTable {
  post_id: string;
  position: number;
  user_id: string;
  start_ms: number;
  end_ms: number;
  transcription: string | null;
}

/** The word times forced alignment found in a recording for the transcript whose SHA-256 is `transcript_sha256`. */
export interface TranscriptTimesTable {
  audio_id: string;
  transcript_sha256: string;
  /** [[start, end], …] in seconds, one pair for each whitespace-separated word of the transcript. */
  word_times_json: string;
  aligned_at: string;
}

/** A draft edited in the advanced editor: the audio it had before, and the operations its render applies. */
export interface DraftEditsTable {
  post_id: string;
  original_asset_id: string;
  /** The EditOperation list (shared/domain/edit-list.ts) as JSON. */
  operations_json: string;
  saved_at: string;
}

/** A recording made in the advanced editor for one draft. */
export interface DraftTakesTable {
  id: string;
  post_id: string;
  audio_id: string;
  created_at: string;
}

export type ReportTargetKind = 'post' | 'comment' | 'message' | 'user';

/** One target's reports while they are open (one open case per target). */
export interface ModerationCasesTable {
  id: string;
  target_kind: ReportTargetKind;
  target_id: string;
  status: 'open' | 'closed';
  report_count: Generated<number>;
  last_reported_at: string;
  created_at: string;
  closed_at: string | null;
}

/** One person's report in a case: a second report of the same target updates it. */
export interface ReportsTable {
  id: string;
  case_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** A remote server's report (a Flag) in a case: one per server and case, updated by a second (20261201T0100). */
export interface RemoteReportsTable {
  id: string;
  case_id: string;
  /** The reporting server, as moderators see it: `mastodon.example`. */
  reporter_host: string;
  /** The actor that signed the Flag (Mastodon's instance actor). */
  reporter_actor: string;
  reason: string;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ModerationActionsTable {
  id: string;
  /** Null once the moderator deleted their account. */
  moderator_id: string | null;
  action: string;
  target_kind: ReportTargetKind;
  target_id: string;
  case_id: string | null;
  note: string | null;
  created_at: string;
}

/** Fedify's key–value store (federation/kv-store.ts). */
export interface FederationKvTable {
  /** The key's parts as a JSON array. */
  key: string;
  value_json: string;
  expires_at: string | null;
}

/** A person's key pair for federation, as JWK (federation/keys.ts). */
export interface FederationKeysTable {
  user_id: string;
  algorithm: 'RSASSA-PKCS1-v1_5' | 'Ed25519';
  public_jwk: string;
  private_jwk: string;
  created_at: string;
}

/** Our instance actor's key pairs (20261201T0100): it signs what this server says, not one of its people. */
export type InstanceKeysTable = Omit<FederationKeysTable, 'user_id'>;

/** A remote ActivityPub actor we know of (migration 20261129T0220). */
export interface RemoteActorsTable {
  id: string;
  /** Its ActivityPub id. */
  uri: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  /** `user@host`, when its document gave a preferred username. */
  handle: string | null;
  /** Their profile page there (the actor's `url`), migration 20261129T1100. */
  profile_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The picture its document named when we last took it as their avatar, migration 20261130T1010. */
  icon_url: ColumnType<string | null, string | null | undefined, string | null>;
  fetched_at: string;
  created_at: string;
}

/** A remote actor following one of our people. */
export interface RemoteFollowsTable {
  user_id: string;
  remote_actor_id: string;
  /** The Follow activity's id, which its Undo names. */
  follow_uri: string;
  created_at: string;
}

/** One of our people's follow of a remote actor, sent as `follow_uri`; a `follows` row too once accepted. */
export interface OutboundFollowsTable {
  user_id: string;
  remote_actor_id: string;
  follow_uri: string;
  created_at: string;
}

/** A post that came from another server: its Note's id, and the address of its audio (migration 20261130T1000). */
export interface RemotePostsTable {
  post_id: string;
  uri: string;
  audio_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A voice comment that came from another server as a reply: its Note's id. */
export interface RemoteCommentsTable {
  comment_id: string;
  uri: string;
}

/** An account deleted, by a SHA-256 of its id (migration 20261129T0230). */
export interface DeletedActorsTable {
  id_sha256: string;
  deleted_at: string;
}

/** A remote domain (and its subdomains) moderators refuse. */
export interface DomainBlocksTable {
  domain: string;
  reason: string;
  created_by: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  login_throttles: LoginThrottlesTable;
  audio_assets: AudioAssetsTable;
  images: ImagesTable;
  posts: PostsTable;
  jobs: JobsTable;
  autosave_sessions: AutosaveSessionsTable;
  autosave_chunks: AutosaveChunksTable;
  post_reactions: PostReactionsTable;
  reposts: RepostsTable;
  follows: FollowsTable;
  user_blocks: UserBlocksTable;
  user_mutes: UserMutesTable;
  comments: CommentsTable;
  notifications: NotificationsTable;
  voice_bios: VoiceBiosTable;
  post_listens: PostListensTable;
  post_listen_days: PostListenDaysTable;
  listener_salts: ListenerSaltsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  conversation_messages: ConversationMessagesTable;
  publish_requests: PublishRequestsTable;
  publish_answers: PublishAnswersTable;
  shared_audio: SharedAudioTable;
  listening_positions: ListeningPositionsTable;
  vapid_keys: VapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_like_rounds: PushLikeRoundsTable;
  conversation_posts: ConversationPostsTable;
  conversation_post_parts: ConversationPostPartsTable;
  draft_edits: DraftEditsTable;
  transcript_times: TranscriptTimesTable;
  draft_takes: DraftTakesTable;
  moderation_cases: ModerationCasesTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  federation_kv: FederationKvTable;
  federation_keys: FederationKeysTable;
  instance_keys: InstanceKeysTable;
  remote_reports: RemoteReportsTable;
  remote_actors: RemoteActorsTable;
  remote_follows: RemoteFollowsTable;
  deleted_actors: DeletedActorsTable;
  outbound_follows: OutboundFollowsTable;
  remote_posts: RemotePostsTable;
  remote_comments: RemoteCommentsTable;
  domain_blocks: DomainBlocksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AudioAssetRow = Selectable<AudioAssetsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type PostRow = Selectable<PostsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMessageRow = Selectable<ConversationMessagesTable>;
export type PublishRequestRow = Selectable<PublishRequestsTable>;
export type SharedAudioRow = Selectable<SharedAudioTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type ConversationPostPartRow = Selectable<ConversationPostPartsTable>;
