import { publicUserWith } from '@shared/domain/public-user';
import { routeUrl } from '@client/lib/api-client';
import { PEOPLE_PAGE } from '../api/people-search';

/** The people of the conversation component tests: me, and two Stones that a search for "Stone" finds. */
const joined = '2026-01-01T00:00:00Z';
export const me = publicUserWith({ id: 'me', username: 'mara', firstName: 'Mara', createdAt: joined });
export const ada = publicUserWith({
  id: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Stone',
  createdAt: joined,
});
export const ali = publicUserWith({
  id: 'u2',
  username: 'ali',
  firstName: 'Ali',
  lastName: 'Stone',
  createdAt: joined,
});

export const STONE_SEARCH_URL = routeUrl('searchUsers', {
  params: { query: 'Stone' },
  query: { limit: PEOPLE_PAGE },
});
