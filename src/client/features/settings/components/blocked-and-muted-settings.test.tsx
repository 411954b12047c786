import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { PublicUser } from '@shared/contract/users';
import { getQueryFn } from '@client/lib/query-client';
import { BlockedAndMutedSettings } from './blocked-and-muted-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const person = (id: string, firstName: string): PublicUser =>
  ({
    id,
    firstName,
    lastName: 'Tester',
    username: firstName.toLowerCase(),
    profileImageUrl: null,
  }) as PublicUser;

/** What the server holds: the people I block and mute, most recent first. */
let blocked: PublicUser[];
let muted: PublicUser[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** A page of `list` after the cursor (an index), with the next cursor in X-Next-Cursor as the server sends it. */
function page(list: PublicUser[], url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const items = list.slice(from, from + limit);
  const headers = from + limit < list.length ? { 'x-next-cursor': String(from + limit) } : undefined;
  return Response.json(items, { headers });
}

beforeEach(() => {
  blocked = [];
  muted = [];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === endpoints.listBlockedUsers.path) return page(blocked, url);
    if (url.pathname === endpoints.listMutedUsers.path) return page(muted, url);
    const undo = /^\/api\/users\/([^/]+)\/(block|mute)$/.exec(url.pathname);
    if (init?.method === 'DELETE' && undo) {
      const [, id, kind] = undo;
      if (kind === 'block') blocked = blocked.filter((each) => each.id !== id);
      else muted = muted.filter((each) => each.id !== id);
      return Response.json({ userId: id, viewerBlocks: false, viewerMutes: false });
    }
    return Response.json({ message: 'not here' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) },
      mutations: { retry: false },
    },
  });
  render(
    <QueryClientProvider client={client}>
      <BlockedAndMutedSettings />
    </QueryClientProvider>,
  );
}

const list = (name: 'Blocked' | 'Muted') => screen.findByRole('list', { name });

describe('Settings: Blocked and muted', () => {
  it('says so when nobody is blocked or muted', async () => {
    renderSection();
    expect(screen.getByRole('region', { name: 'Blocked and muted' })).toBeTruthy();
    expect(await screen.findByText('You haven’t blocked anyone.')).toBeTruthy();
    expect(await screen.findByText('You haven’t muted anyone.')).toBeTruthy();
  });

  it('lists each person with a link to their profile, and unblocking takes them off the list', async () => {
    blocked = [person('u2', 'Bob'), person('u3', 'Cleo')];
    muted = [person('u4', 'Dan')];
    renderSection();
    const blockedList = await list('Blocked');
    expect(
      within(blockedList)
        .getByRole('link', { name: /Bob Tester/ })
        .getAttribute('href'),
    ).toBe('/profile/u2');
    expect(within(await list('Muted')).getByText('Dan Tester')).toBeTruthy();

    fireEvent.click(within(blockedList).getByRole('button', { name: 'Unblock Bob Tester' }));
    await waitFor(() => expect(screen.queryByText('Bob Tester')).toBeNull(), { timeout: 2000 });
    expect(fetchMock).toHaveBeenCalledWith(
      buildPath(endpoints.unblockUser.path, { id: 'u2' }),
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(screen.getByText('Cleo Tester')).toBeTruthy();
    expect(screen.getByText('Dan Tester')).toBeTruthy();
  });

  it('unmutes from the muted list', async () => {
    muted = [person('u4', 'Dan')];
    renderSection();
    fireEvent.click(within(await list('Muted')).getByRole('button', { name: 'Unmute Dan Tester' }));
    expect(await screen.findByText('You haven’t muted anyone.', undefined, { timeout: 2000 })).toBeTruthy();
  });

  it('shows more, a page at a time', async () => {
    blocked = Array.from({ length: 25 }, (_, index) => person(`b${index}`, `Person${index}`));
    renderSection();
    const blockedList = await list('Blocked');
    expect(within(blockedList).getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(blockedList).getAllByRole('listitem')).toHaveLength(25), {
      timeout: 2000,
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
