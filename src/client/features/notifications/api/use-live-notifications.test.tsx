import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@shared/contract/endpoints';
import type { Notification } from '@shared/contract/social';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { MobileTopBar } from '@client/app/layout/mobile-top-bar';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { useLiveNotifications } from './use-live-notifications';

// Tells React that this environment wraps updates in act(), as Testing Library does when it finds test globals.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The browser's EventSource at the network boundary: the test plays the server's side of the stream. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  serverSends(event: string, data: unknown, id = '') {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data), lastEventId: id }));
  }

  serverOpens() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  serverRefuses() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const liked: Notification = {
  id: '019a0000-0000-7000-8000-000000000001',
  type: 'like',
  message: 'Maya Okafor liked your post',
  read: false,
  postId: 'p1',
  createdAt: '2026-11-24T10:00:00.000Z',
  user: { id: 'u2', firstName: 'Maya', lastName: 'Okafor' } as Notification['user'],
};

function LiveShell() {
  useLiveNotifications();
  return <MobileTopBar />;
}

function renderShell() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <LiveShell />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) =>
      String(url) === endpoints.listNotifications.path
        ? Response.json([])
        : new Response('', { status: 401 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live notifications', () => {
  it('shows a notification pushed by the server on the bell at once', async () => {
    renderShell();
    await screen.findByRole('link', { name: 'Notifications' });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([routeUrl('events')]);

    act(() => FakeEventSource.opened[0]!.serverSends('notification', liked, liked.id));

    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('1');
  });

  it('closes the stream when the app shell goes away', async () => {
    const view = renderShell();
    await screen.findByRole('link', { name: 'Notifications' });
    const [source] = FakeEventSource.opened;
    view.unmount();
    expect(source!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens a new stream after a refusal, resuming after the last event it had', async () => {
    renderShell();
    await screen.findByRole('link', { name: 'Notifications' });
    vi.useFakeTimers();
    const [first] = FakeEventSource.opened;
    act(() => first!.serverSends('notification', liked, liked.id));
    act(() => first!.serverRefuses());
    expect(FakeEventSource.opened).toHaveLength(1);

    await act(() => vi.runOnlyPendingTimersAsync());
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      routeUrl('events'),
      routeUrl('events', { query: { lastEventId: liked.id } }),
    ]);
  });

  it('fetches the list again when a first stream opens, so a notification from just before is not missed', async () => {
    let serverList: Notification[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Response.json(serverList)),
    );
    renderShell();
    await screen.findByRole('link', { name: 'Notifications' });

    serverList = [liked];
    act(() => FakeEventSource.opened[0]!.serverOpens());

    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('keeps a pushed notification that a fetch already under way did not see', async () => {
    let answerStaleFetch: (response: Response) => void = () => {};
    let fetches = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        fetches += 1;
        if (fetches === 2) return new Promise<Response>((resolve) => (answerStaleFetch = resolve));
        return Response.json(fetches === 1 ? [] : [liked]);
      }),
    );
    renderShell();
    await screen.findByRole('link', { name: 'Notifications' });
    const [source] = FakeEventSource.opened;
    act(() => source!.serverOpens());
    await waitFor(() => expect(fetches).toBe(2), { timeout: 2_000 });

    act(() => source!.serverSends('notification', liked, liked.id));
    await act(async () => answerStaleFetch(Response.json([])));

    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(fetches).toBe(3);
  });
});
