import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  profile_image_offset_x: Generated<number>;
  profile_image_offset_y: Generated<number>;
  voice_bio_url: string | null;
  location: string | null;
  website: string | null;
  interests: string | null;
  created_at: string;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
