import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/contract/posts';
import type { SearchMatch } from '@shared/contract/search';
import { publicUserWith } from '@shared/domain/public-user';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { DiscoverView } from './discover-view';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ada = publicUserWith({
  id: 'u2',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Harbour',
  bio: 'Travel stories and street food, told by voice.',
  postCount: 4,
  createdAt: '2026-03-14T09:00:00.000Z',
});
const ben = publicUserWith({
  id: 'u3',
  username: 'ben',
  firstName: 'Ben',
  createdAt: '2026-01-02T09:00:00.000Z',
});

const post = (id: string, title: string, match?: SearchMatch) =>
  ({ id, title, type: 'post', userId: ada.id, user: ada, ...(match && { match }) }) as Post;

type Answer = Response | Promise<Response>;
let answers: Map<string, () => Answer>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** The requests the page made, as path and query. */
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));
const searchesFor = (endpoint: 'searchPosts' | 'searchUsers') => {
  const path = routeUrl(endpoint, { params: { query: 'x' } }).replace(/x$/, '');
  return requested().filter((url) => url.startsWith(path));
};
const searchUrl = (endpoint: 'searchPosts' | 'searchUsers', query: string) =>
  routeUrl(endpoint, { params: { query }, query: { limit: 12 } });

/** The server: trending posts, active users, and each search `answers` holds; anything else is a 404. */
function serve(input: RequestInfo | URL): Answer {
  const url = String(input);
  return answers.get(url)?.() ?? new Response('not found', { status: 404 });
}

function answerWith(body: unknown, headers?: Record<string, string>) {
  return () => Response.json(body, { headers });
}

/** A search answer the test releases when it wants, to see what shows meanwhile. */
function deferredAnswer() {
  let release!: (response: Response) => void;
  const pending = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => pending, release };
}

const trending = Array.from({ length: 10 }, (_, index) => post(`t${index}`, `Trending ${index + 1}`));

beforeEach(() => {
  vi.useFakeTimers();
  // Query results reach React in a microtask, not a (faked) timer, so each step below settles them.
  notifyManager.setScheduler(queueMicrotask);
  installLayout();
  answers = new Map<string, () => Answer>([
    [routeUrl('trendingPosts', { query: { limit: 10 } }), answerWith(trending)],
    [routeUrl('activeUsers'), answerWith([ada, ben])],
  ]);
  fetchMock = vi.fn<typeof fetch>(async (input) => serve(input));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

async function renderDiscover() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  render(
    <QueryClientProvider client={client}>
      <DiscoverView
        renderPost={(item) => <article aria-label={item.title}>{item.title}</article>}
        renderFollow={(person) => <button type="button">Follow {person.firstName}</button>}
      />
    </QueryClientProvider>,
  );
  await settle();
}

/** Lets time pass: timers fire, answers arrive and React renders them. */
async function settle(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const searchBox = () => screen.getByRole('searchbox');
async function typeInSearch(value: string, pauseMs = 0) {
  fireEvent.change(searchBox(), { target: { value } });
  await settle(pauseMs);
}

describe('Discover search', () => {
  it('asks nothing under 3 characters, then once when typing pauses, and shows where posts matched', async () => {
    answers.set(
      searchUrl('searchPosts', 'harbo'),
      answerWith([
        post('p1', 'Harbour bells', {
          field: 'transcription',
          excerpt: 'bells at the harbour',
          highlights: [[13, 20]],
        }),
        post('p2', 'Evening walk'),
      ]),
    );
    await renderDiscover();

    await typeInSearch('ha', 1000);
    expect(screen.getByText('Type at least 3 characters to search.')).toBeTruthy();
    expect(searchesFor('searchPosts')).toEqual([]);

    for (const value of ['har', 'harb', 'harbo']) await typeInSearch(value, 100);
    expect(searchesFor('searchPosts')).toEqual([]);
    await settle(300);
    expect(searchesFor('searchPosts')).toEqual([searchUrl('searchPosts', 'harbo')]);

    const found = screen.getByRole('list', { name: 'Posts found' });
    expect(within(found).getByRole('article', { name: 'Harbour bells' })).toBeTruthy();
    expect(within(found).getByRole('article', { name: 'Evening walk' })).toBeTruthy();
    expect(found.querySelector('mark')?.textContent).toBe('harbour');
    expect(
      within(found)
        .getByText(/bells at the/)
        .closest('p')?.textContent,
    ).toBe('Transcript: bells at the harbour');
    expect(screen.getByText('2 posts for “harbo”')).toBeTruthy();
  });

  it('keeps the previous results up while the next search loads, and cancels one no longer wanted', async () => {
    answers.set(searchUrl('searchPosts', 'music'), answerWith([post('p1', 'Old song')]));
    const slow = deferredAnswer();
    answers.set(searchUrl('searchPosts', 'music box'), slow.answer);
    answers.set(searchUrl('searchPosts', 'music boxes'), answerWith([post('p3', 'Wind-up melodies')]));
    await renderDiscover();

    await typeInSearch('music', 300);
    expect(screen.getByRole('article', { name: 'Old song' })).toBeTruthy();

    await typeInSearch('music box', 300);
    expect(screen.getByRole('status').textContent).toBe('Searching for “music box”…');
    expect(screen.getByRole('article', { name: 'Old song' })).toBeTruthy();
    const slowRequest = fetchMock.mock.calls.find(
      ([input]) => String(input) === searchUrl('searchPosts', 'music box'),
    );

    await typeInSearch('music boxes', 300);
    expect(slowRequest?.[1]?.signal?.aborted).toBe(true);
    expect(screen.getByRole('article', { name: 'Wind-up melodies' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Old song' })).toBeNull();
    slow.release(Response.json([post('p2', 'Too late')]));
    await settle();
    expect(screen.queryByRole('article', { name: 'Too late' })).toBeNull();
  });

  it('says when nothing matches, and loads more with the cursor', async () => {
    answers.set(searchUrl('searchPosts', 'zzz'), answerWith([]));
    answers.set(
      searchUrl('searchPosts', 'walk'),
      answerWith([post('p1', 'Evening walk')], { 'X-Next-Cursor': 'c1' }),
    );
    answers.set(
      routeUrl('searchPosts', { params: { query: 'walk' }, query: { limit: 12, cursor: 'c1' } }),
      answerWith([post('p2', 'Morning walk')]),
    );
    await renderDiscover();

    await typeInSearch('zzz', 300);
    expect(screen.getByRole('heading', { name: 'No posts found' })).toBeTruthy();
    expect(screen.getByText('Nothing matches “zzz” yet. Try another word.')).toBeTruthy();

    await typeInSearch('walk', 300);
    expect(screen.getByText('1+ post for “walk”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(screen.getByRole('article', { name: 'Evening walk' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Morning walk' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches users when toggled, and a found person opens their card', async () => {
    answers.set(searchUrl('searchPosts', 'ada'), answerWith([]));
    answers.set(searchUrl('searchUsers', 'ada'), answerWith([ada]));
    await renderDiscover();
    await typeInSearch('ada', 300);

    const usersTab = screen.getByRole('tab', { name: 'Users' });
    expect(usersTab.getAttribute('aria-selected')).toBe('false');
    fireEvent.mouseDown(usersTab);
    await settle();
    expect(usersTab.getAttribute('aria-selected')).toBe('true');
    expect(searchesFor('searchUsers')).toEqual([searchUrl('searchUsers', 'ada')]);

    const found = screen.getByRole('list', { name: 'Users found' });
    fireEvent.click(within(found).getByRole('button', { name: /Ada Harbour/ }));
    const card = screen.getByRole('dialog', { name: 'Ada Harbour' });
    expect(within(card).getByText('Travel stories and street food, told by voice.')).toBeTruthy();
    expect(within(card).getByText('@ada')).toBeTruthy();
    expect(within(card).getByText('Joined March 2026')).toBeTruthy();
    expect(within(card).getByText('4').parentElement?.textContent).toBe('4 posts');
    const tags = within(within(card).getByRole('list', { name: 'Topics' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['Stories', 'Travel', 'Food']);
    expect(within(card).getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profile/u2');
    expect(within(card).getByRole('button', { name: 'Follow Ada' })).toBeTruthy();
  });

  it('a category card searches for its name in lowercase at once', async () => {
    answers.set(searchUrl('searchPosts', 'music'), answerWith([post('p1', 'Old song')]));
    await renderDiscover();
    const trendingCard = screen.getByRole('button', { name: /Trending/ });
    expect(trendingCard.textContent).toBe('HotTrending42 posts');
    expect(screen.getByRole('button', { name: /Stories/ }).textContent).toBe('Stories15 posts');

    fireEvent.click(screen.getByRole('button', { name: /^Music/ }));
    expect((searchBox() as HTMLInputElement).value).toBe('music');
    await settle();
    expect(searchesFor('searchPosts')).toEqual([searchUrl('searchPosts', 'music')]);
    expect(screen.getByRole('article', { name: 'Old song' })).toBeTruthy();
  });
});

describe('Discover lists', () => {
  it('shows the 10 trending posts and the active users, who open their cards with the default tags', async () => {
    await renderDiscover();
    const trendingSection = screen.getByRole('region', { name: 'Trending Voice Posts' });
    expect(within(trendingSection).getAllByRole('article')).toHaveLength(10);

    const active = screen.getByRole('region', { name: 'Active Users' });
    const people = within(active).getAllByRole('button');
    expect(people).toHaveLength(2);
    expect(people[0]!.textContent).toContain('Ada Harbour@ada · 4 voice posts');
    expect(people[1]!.textContent).toContain('Ben@ben · 0 voice posts');
    fireEvent.click(people[1]!);
    const card = screen.getByRole('dialog', { name: 'Ben' });
    expect(within(card).getByText('No bio yet.')).toBeTruthy();
    const tags = within(within(card).getByRole('list', { name: 'Topics' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['Voice', 'Stories', 'Music']);
    fireEvent.click(within(card).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a list could not load, and tries again', async () => {
    answers.set(routeUrl('activeUsers'), () => new Response('down', { status: 500 }));
    await renderDiscover();
    const alert = within(screen.getByRole('region', { name: 'Active Users' })).getByRole('alert');
    expect(alert.textContent).toContain('Active users couldn’t be loaded.');
    answers.set(routeUrl('activeUsers'), answerWith([ben]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await settle();
    expect(
      within(screen.getByRole('region', { name: 'Active Users' })).getByRole('button', { name: /Ben/ }),
    ).toBeTruthy();
  });
});
