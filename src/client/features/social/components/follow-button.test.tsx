import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/contract/users';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { currentUserQueryKey } from '@client/lib/session';
import { FollowButton } from './follow-button';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const me = { id: 'me', firstName: 'Ada', lastName: 'Lovelace' } as CurrentUser;

let following: boolean;
/** A person of another server: a follow is asked, and stands only once their server accepts. */
let remote: { requested: boolean } | undefined;
let answerToggle: () => void;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  following = false;
  remote = undefined;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input) === routeUrl('followStatus', { params: { userId: 'u2' } })) {
      return Response.json({ following, ...remote });
    }
    if (init?.method === 'POST' && String(input) === routeUrl('toggleFollow')) {
      // The server answers only when the test says so.
      await new Promise<void>((resolve) => {
        answerToggle = resolve;
      });
      if (remote) {
        remote.requested = !remote.requested;
        return Response.json({ followed: false, requested: remote.requested });
      }
      following = !following;
      return Response.json({ followed: following });
    }
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton(props: Partial<Parameters<typeof FollowButton>[0]> = {}) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, queryFn: getQueryFn({ on401: 'throw' }) },
      mutations: { retry: false },
    },
  });
  client.setQueryData(currentUserQueryKey, me);
  render(
    <QueryClientProvider client={client}>
      <FollowButton userId="u2" userName="Bob Brown" {...props} />
    </QueryClientProvider>,
  );
}

const toggleCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;

describe('Follow button (spec §4 Follow)', () => {
  it('shows "Loading..." while the request is pending, and "Following" only once the server said so', async () => {
    renderButton();
    const button = await screen.findByRole('button', { name: 'Follow Bob Brown' });

    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByRole('button', { name: 'Loading... Bob Brown' })).toBe(button);
    expect(button.textContent).toBe('Loading...');
    expect(button.getAttribute('aria-busy')).toBe('true');
    // A second press while pending sends nothing more.
    await act(async () => {
      fireEvent.click(button);
    });
    expect(toggleCalls()).toBe(1);
    expect(button.textContent).toBe('Loading...');

    await act(async () => {
      answerToggle();
    });
    expect(await screen.findByRole('button', { name: 'Following Bob Brown' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('goes back through "Loading..." to "Follow" when unfollowing', async () => {
    following = true;
    renderButton();
    const button = await screen.findByRole('button', { name: 'Following Bob Brown' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByRole('button', { name: 'Loading... Bob Brown' })).toBe(button);
    await act(async () => {
      answerToggle();
    });
    expect(await screen.findByRole('button', { name: 'Follow Bob Brown' })).toBe(button);
  });

  it('reads Follow / Unfollow where the spec asks for it (the Discover user card, spec §2)', async () => {
    renderButton({ followingLabel: 'Unfollow' });
    const button = await screen.findByRole('button', { name: 'Follow Bob Brown' });
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      answerToggle();
    });
    expect(await screen.findByRole('button', { name: 'Unfollow Bob Brown' })).toBe(button);
    expect(button.textContent).toBe('Unfollow');
  });

  it('reads "Requested" for a person of another server until their server accepts, and withdraws it when pressed', async () => {
    remote = { requested: false };
    renderButton();
    const button = await screen.findByRole('button', { name: 'Follow Bob Brown' });
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      answerToggle();
    });
    expect(await screen.findByRole('button', { name: 'Requested Bob Brown' })).toBe(button);
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      answerToggle();
    });
    expect(await screen.findByRole('button', { name: 'Follow Bob Brown' })).toBe(button);
  });
});
