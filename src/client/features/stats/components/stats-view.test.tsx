import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { UserStats } from '@shared/contract/stats';
import { getQueryFn } from '@client/lib/query-client';
import { StatsView } from './stats-view';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const statsPath = buildPath(endpoints.userStats.path, { id: 'u1' });

function days(listens: (index: number) => number): UserStats['listensByDay'] {
  return Array.from({ length: 30 }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    listens: listens(index),
    listeningSeconds: listens(index) * 30,
  }));
}

const newPerson: UserStats = {
  userId: 'u1',
  totalEpisodes: 0,
  followers: 0,
  following: 0,
  totalDuration: 0,
  averageDuration: 0,
  thisMonth: 0,
  categories: [],
  engagementRate: 0,
  contentConsistency: 0,
  listens: 0,
  listeningSeconds: 0,
  mostListened: [],
  listensByDay: days(() => 0),
};

/** The browser's fetch, answering the stats endpoint with each of `answers` in turn. */
function serverAnswers(...answers: Array<{ status: number; body: unknown }>) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe(statsPath);
    const { status, body } = answers.shift() ?? { status: 500, body: 'no more answers' };
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderStats(own = true) {
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <StatsView userId="u1" own={own} name="Ada Stats" />
    </QueryClientProvider>,
  );
}

/** The figure a card shows for `label`, as a screen reader hears it. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling as HTMLElement;
  return (
    within(value).queryByText((_, node) => node?.className === 'sr-only')?.textContent ??
    value.textContent ??
    ''
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('stats page', () => {
  it('loads, says when it failed, and shows the server’s figures after Try again', async () => {
    const fetch = serverAnswers(
      { status: 500, body: 'database away' },
      {
        status: 200,
        body: {
          ...newPerson,
          totalEpisodes: 3,
          followers: 2,
          following: 5,
          totalDuration: 3723,
          averageDuration: 1241,
          thisMonth: 2,
          categories: [
            { category: 'Music', count: 2 },
            { category: 'Stories', count: 1 },
          ],
          engagementRate: 150,
          contentConsistency: 0,
          listens: 7,
          listeningSeconds: 95,
          mostListened: [
            { postId: 'p1', title: 'Morning pages', listens: 5, listeningSeconds: 70 },
            { postId: 'p2', title: 'Night walk', listens: 2, listeningSeconds: 25 },
          ],
          listensByDay: days((index) => (index === 29 ? 4 : index === 10 ? 3 : 0)),
        } satisfies UserStats,
      },
    );
    renderStats();
    expect(screen.getByRole('status', { name: 'Loading the stats' })).toBeTruthy();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We couldn’t load these stats.');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    await screen.findByText('Total Episodes');
    expect(fetch).toHaveBeenCalledTimes(2);

    expect(screen.getByRole('heading', { level: 1, name: 'Stats' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe('/profile/u1');
    expect(figure('Total Episodes')).toBe('3');
    expect(figure('Followers')).toBe('2');
    expect(figure('Following')).toBe('5');
    expect(figure('Total Duration')).toBe('1 hour 2 minutes 3 seconds');
    expect(screen.getByText('1h 2m 3s')).toBeTruthy();
    expect(figure('Avg Duration')).toBe('20 minutes 41 seconds');
    expect(figure('This Month')).toBe('2');
    expect(figure('Engagement Rate')).toBe('150%');
    expect(figure('Content Consistency')).toBe('0');
    expect(figure('Listens')).toBe('7');
    expect(figure('Listening Time')).toBe('1 minute 35 seconds');
    expect(figure('Last 30 Days')).toBe('7');

    const categories = within(screen.getByRole('region', { name: 'Content Categories' }));
    expect(categories.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Music2 posts',
      'Stories1 post',
    ]);

    const mostListened = within(screen.getByRole('region', { name: 'Most Listened' }));
    expect(mostListened.getByRole('link', { name: 'Morning pages' }).getAttribute('href')).toBe('/post/p1');
    expect(mostListened.getAllByRole('listitem')[1]?.textContent).toContain('2 listens');

    // The chart's figures, for screen readers.
    const table = screen.getByRole('table', { name: 'Listens by day, the last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[30]?.textContent).toBe('Nov 3042 minutes');
    expect(rows[11]?.textContent).toBe('Nov 1131 minute 30 seconds');
  });

  it('shows a new person zeros and empty lists, not errors', async () => {
    serverAnswers({ status: 200, body: newPerson });
    renderStats(false);
    await screen.findByText('Total Episodes');
    expect(figure('Total Episodes')).toBe('0');
    expect(figure('Total Duration')).toBe('0 seconds');
    expect(screen.getAllByText('0s')).toHaveLength(3);
    expect(figure('Engagement Rate')).toBe('0%');
    expect(screen.getByText('No listens in the last 30 days yet.')).toBeTruthy();
    expect(screen.getByText('No categories yet.')).toBeTruthy();
    expect(screen.getByText('See how Ada Stats’s voice is reaching people.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
