import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@shared/contract/posts';
import type { UserStats } from '@shared/contract/stats';
import type { PublicUser } from '@shared/contract/users';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { installRecordingBrowser, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { useProfileUser } from '../api/user';
import { ProfileContent } from './profile-content';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const maya = {
  id: 'u1',
  firstName: 'Maya',
  lastName: 'Okafor',
  bio: 'Radio maker.',
  location: null,
  website: null,
  interests: 'Jazz',
  voiceBioUrl: null,
} as PublicUser;

const post = (id: string, title: string, type: Post['type'], category: string) =>
  ({
    id,
    title,
    type,
    category,
    duration: 65,
    createdAt: '2026-11-20T10:00:00.000Z',
    isPrivate: false,
  }) as Post;
const episode = post('p1', 'Weekly pod', 'episode', 'Tech');
const voicePost = post('p2', 'Lisbon walk', 'post', 'Travel');
const techPost = post('p3', 'New laptop', 'post', 'Tech');

const stats = {
  userId: 'u1',
  totalEpisodes: 3,
  followers: 5,
  following: 2,
  totalDuration: 195,
  categories: [
    { category: 'Tech', count: 2 },
    { category: 'Travel', count: 1 },
  ],
} as UserStats;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let saveAnswer: () => Response;

/** The server: a person's posts as the query narrows them, their stats, and the About save. */
function answer(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://app.test');
  if (url.pathname === routeUrl('userStats', { params: { id: 'u1' } })) return Response.json(stats);
  if (url.pathname === routeUrl('getUser', { params: { id: 'u1' } })) return Response.json(maya);
  if (url.pathname === routeUrl('updateProfile') && init?.method === 'PUT') return saveAnswer();
  if (url.pathname === routeUrl('listUserPosts', { params: { userId: 'u1' } })) {
    const type = url.searchParams.get('type');
    const category = url.searchParams.get('category');
    return Response.json(
      [episode, voicePost, techPost].filter(
        (item) => (!type || item.type === type) && (!category || item.category === category),
      ),
    );
  }
  return new Response('not found', { status: 404 });
}

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

async function renderContent(own: boolean, renderRecorder = vi.fn(() => <p>Recorder</p>)) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) },
      mutations: { retry: false },
    },
  });
  // As on the page: the profile comes from its query, which a save updates.
  function Profile() {
    const user = useProfileUser('u1');
    if (!user.data) return null;
    return (
      <ProfileContent
        user={user.data}
        own={own}
        firstName="Maya"
        renderPost={(item) => <p>Card {item.title}</p>}
        voiceBio={null}
        renderPodPlay={(pod) => <button type="button">Play {pod.title}</button>}
        onOpenPost={vi.fn()}
        renderRecorder={renderRecorder}
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Profile />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole('tablist');
  return { renderRecorder };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
/** Radix tabs switch on mouse down (a click alone is a keyboard activation's follow-up). */
const chooseTab = async (name: string) => {
  await act(async () => {
    fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
  });
};

beforeEach(() => {
  window.history.replaceState(null, '', '/profile/u1');
  saveAnswer = () => Response.json({ ...maya, email: 'maya@example.com' });
  fetchMock = vi.fn<typeof fetch>(async (input, init) => answer(input, init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('the profile tabs', () => {
  it('opens on Pods, listing only the episodes, and keeps the chosen tab in the address', async () => {
    await renderContent(false);
    expect(screen.getByRole('tab', { name: 'Pods' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Pods' });
    expect(await within(panel).findByRole('button', { name: /^Weekly pod/ })).toBeTruthy();
    expect(within(panel).queryByText(/Lisbon walk/)).toBeNull();
    expect(requested()).toContain(
      routeUrl('listUserPosts', { params: { userId: 'u1' }, query: { type: 'episode', limit: 12 } }),
    );

    await chooseTab('About');
    expect(window.location.search).toBe('?tab=about');
    expect(screen.getByRole('tabpanel', { name: 'About' })).toBeTruthy();
    await chooseTab('Pods');
    expect(window.location.search).toBe('');
  });

  it('copies the person’s podcast feed link for a podcast app', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderContent(false);
    const panel = screen.getByRole('tabpanel', { name: 'Pods' });
    const copy = await within(panel).findByRole('button', { name: 'Copy podcast feed link' });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}${routeUrl('podcastFeed', { params: { id: 'u1' } })}`,
    );
    expect(await screen.findByText('Feed link copied')).toBeTruthy();
  });

  it('opens the tab the address names, and moves between tabs with the arrow keys', async () => {
    window.history.replaceState(null, '', '/profile/u1?tab=posts');
    await renderContent(false);
    const panel = screen.getByRole('tabpanel', { name: 'Posts' });
    expect(await within(panel).findByText('Card Lisbon walk')).toBeTruthy();
    expect(within(panel).queryByText('Card Weekly pod')).toBeNull();

    const posts = screen.getByRole('tab', { name: 'Posts' });
    await act(async () => {
      posts.focus();
      fireEvent.keyDown(posts, { key: 'ArrowRight' });
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pods' })));
    expect(screen.getByRole('tab', { name: 'Pods' }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters the items by a category with its count, and "Clear Filter" shows them all again', async () => {
    window.history.replaceState(null, '', '/profile/u1?tab=categories');
    await renderContent(false);
    const tech = await screen.findByRole('button', { name: 'Tech, 2 items' });
    expect(screen.getByRole('button', { name: 'Travel, 1 item' })).toBeTruthy();
    expect(await screen.findByText('Card Lisbon walk')).toBeTruthy();

    await click(tech);
    expect(tech.getAttribute('aria-pressed')).toBe('true');
    expect(window.location.search).toBe('?tab=categories&category=Tech');
    expect(await screen.findByText('Card New laptop')).toBeTruthy();
    expect(screen.queryByText('Card Lisbon walk')).toBeNull();
    expect(requested()).toContain(
      routeUrl('listUserPosts', { params: { userId: 'u1' }, query: { category: 'Tech', limit: 12 } }),
    );

    await click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(window.location.search).toBe('?tab=categories');
    expect(await screen.findByText('Card Lisbon walk')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Filter' })).toBeNull();
  });

  it('says when there are no categories yet, and when a category has nothing in it', async () => {
    const { categories } = stats;
    stats.categories = [];
    window.history.replaceState(null, '', '/profile/u1?tab=categories');
    await renderContent(false);
    expect(await screen.findByText('No categories yet.')).toBeTruthy();
    cleanup();

    stats.categories = [...categories, { category: 'Cooking', count: 1 }];
    window.history.replaceState(null, '', '/profile/u1?tab=categories&category=Cooking');
    await renderContent(false);
    expect(await screen.findByText('Nothing in this category yet.')).toBeTruthy();
    stats.categories = categories;
  });
});

describe('About', () => {
  it('edits bio, location, website and interests in place and saves them, null for an emptied field', async () => {
    window.history.replaceState(null, '', '/profile/u1?tab=about');
    saveAnswer = () =>
      Response.json({
        ...maya,
        bio: null,
        location: 'Lisbon',
        website: 'https://maya.example/',
        email: 'm@x',
      });
    await renderContent(true);
    expect(screen.getByText('Radio maker.')).toBeTruthy();
    expect(await screen.findByText('Minutes')).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Lisbon' } });
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'https://maya.example' } });
    await click(screen.getByRole('button', { name: 'Save' }));

    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      bio: null,
      location: 'Lisbon',
      website: 'https://maya.example',
      interests: 'Jazz',
    });
    expect(await screen.findByText('Lisbon')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'maya.example' }).getAttribute('href')).toBe(
      'https://maya.example/',
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('says "Update Failed" with the server message and stays in editing', async () => {
    window.history.replaceState(null, '', '/profile/u1?tab=about');
    saveAnswer = () => Response.json({ message: 'Website must be an http(s) address.' }, { status: 400 });
    await renderContent(true);
    await click(screen.getByRole('button', { name: 'Edit' }));
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Website must be an http(s) address.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('has no Edit for others', async () => {
    window.history.replaceState(null, '', '/profile/u1?tab=about');
    await renderContent(false);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('Create New Content', () => {
  it('asks for a title first, then opens the recorder with it', async () => {
    installRecordingBrowser();
    const { renderRecorder } = await renderContent(true);
    expect(screen.getByPlaceholderText('Enter your title first...')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Title Required')).toBeTruthy();
    expect(screen.getByText('Please enter a title before recording')).toBeTruthy();
    expect(renderRecorder).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('Enter your title first...'), {
      target: { value: ' Morning notes ' },
    });
    await click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByText('Recorder')).toBeTruthy();
    expect(renderRecorder).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Morning notes' }),
      expect.any(Function),
    );
  });

  it('says recording is not supported where the browser cannot record', async () => {
    const { renderRecorder } = await renderContent(true);
    fireEvent.change(screen.getByPlaceholderText('Enter your title first...'), { target: { value: 'Hi' } });
    await click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Not Supported')).toBeTruthy();
    expect(screen.getByText('Audio recording is not supported in your browser.')).toBeTruthy();
    expect(renderRecorder).not.toHaveBeenCalled();
  });

  it('only announces Share', async () => {
    await renderContent(true);
    await click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Share functionality coming soon!')).toBeTruthy();
  });

  it('is not on others’ profiles', async () => {
    await renderContent(false);
    expect(screen.queryByPlaceholderText('Enter your title first...')).toBeNull();
  });
});
