import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
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

/** Renders a dialog with a people picker, searches "Stone" in it, and answers the list of people found. */
export async function renderAndSearchStone(dialog: ReactElement) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {dialog}
    </QueryClientProvider>,
  );
  await act(async () => {
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), {
      target: { value: 'Stone' },
    });
  });
  return within(await screen.findByRole('list', { name: 'People found' }));
}
