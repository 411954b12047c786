import type { PublicUser } from '../contract/users';

/** A public user with everything optional left empty: for people who are not accounts (visitors) and for tests. */
export function publicUserWith(
  fields: Pick<PublicUser, 'id' | 'username' | 'createdAt'> & Partial<PublicUser>,
): PublicUser {
  return {
    firstName: null,
    lastName: null,
    bio: null,
    links: [],
    profileImageUrl: null,
    backgroundImageUrl: null,
    profileImagePositionX: 50,
    profileImagePositionY: 50,
    profileImageZoom: 1,
    voiceBioUrl: null,
    location: null,
    website: null,
    interests: null,
    postCount: 0,
    ...fields,
  };
}
