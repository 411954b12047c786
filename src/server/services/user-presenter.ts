import type { CurrentUser, PublicUser } from '@shared/contract/users';
import type { UserRow } from '../db/schema';

function parseLinks(json: string): PublicUser['links'] {
  try {
    const links: unknown = JSON.parse(json);
    return Array.isArray(links) ? (links as PublicUser['links']) : [];
  } catch {
    return [];
  }
}

/** What others may see of a user's row. */
export type PublicUserRow = Omit<
  UserRow,
  | 'email'
  | 'password_hash'
  | 'profile_image_id'
  | 'background_image_id'
  | 'last_active_at'
  | 'role'
  | 'suspended_at'
  | 'group_adds'
  | 'transcribe_private'
  | 'remote_actor_id'
>;

export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    bio: row.bio,
    links: parseLinks(row.links_json),
    profileImageUrl: row.profile_image_url,
    backgroundImageUrl: row.background_image_url,
    profileImagePositionX: row.profile_image_position_x,
    profileImagePositionY: row.profile_image_position_y,
    profileImageZoom: row.profile_image_zoom,
    voiceBioUrl: row.voice_bio_url,
    location: row.location,
    website: row.website,
    interests: row.interests,
    createdAt: row.created_at,
    postCount: row.post_count,
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    isModerator: row.role === 'moderator',
    groupAdds: row.group_adds,
    transcribePrivate: row.transcribe_private === 1,
  };
}
