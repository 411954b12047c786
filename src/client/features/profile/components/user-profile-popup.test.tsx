import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/contract/users';
import type { VoiceBio } from '@shared/contract/voice-bio';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { UserProfilePopup } from './user-profile-popup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** As a post carries its author: no bio yet in this copy. */
const carol = {
  id: 'u7',
  firstName: 'Carol',
  lastName: null,
  username: 'quiet-otter-0042',
  bio: null,
  voiceBioUrl: null,
  profileImageUrl: null,
  profileImagePositionX: 50,
  profileImagePositionY: 50,
  profileImageZoom: 1,
} as PublicUser;
/** Her profile as the server has it now. */
const carolNow: PublicUser = { ...carol, bio: 'I talk about birds.', voiceBioUrl: '/media/bio.m4a' };
const voiceBio: VoiceBio = {
  voiceBioUrl: '/media/bio.m4a',
  voiceBioDuration: 12,
  audioSources: [{ url: '/media/bio.m4a', mimeType: 'audio/mp4' }],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function answersBy(profile: PublicUser) {
  return async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === routeUrl('getUser', { params: { id: profile.id } })) return Response.json(profile);
    if (url === routeUrl('getVoiceBio', { params: { userId: profile.id } })) return Response.json(voiceBio);
    return new Response('Nothing here', { status: 404 });
  };
}

function renderPopup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  render(
    <QueryClientProvider client={client}>
      <p>
        By{' '}
        <UserProfilePopup
          person={carol}
          renderFollow={(person) => <button type="button">Follow {person.firstName}</button>}
          renderVoiceBioPlayer={(bio) => <p>Player for {bio.title}</p>}
        />
      </p>
    </QueryClientProvider>,
  );
}

const open = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Carol' }));
  });
  // The popup's code loads on that first press.
  return screen.findByRole('dialog', { name: 'Carol' }, { timeout: 5000 });
};

beforeEach(() => {
  installLayout();
  fetchMock = vi.fn<typeof fetch>(answersBy(carolNow));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('user profile popup', () => {
  it('asks for nothing until the name is pressed', () => {
    renderPopup();
    const trigger = screen.getByRole('button', { name: 'Carol' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the author at once, then their bio, voice bio, Follow and View Profile from their profile', async () => {
    renderPopup();
    const card = await open();
    expect(document.activeElement).toBe(card);
    expect(within(card).getByText('@quiet-otter-0042')).toBeTruthy();

    expect(await within(card).findByText('I talk about birds.')).toBeTruthy();
    expect(await within(card).findByText("Player for Carol's voice bio")).toBeTruthy();
    // The ring says there is a voice bio.
    expect(card.querySelector('[data-voice-bio]')).not.toBeNull();
    expect(within(card).getByRole('button', { name: 'Follow Carol' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profile/u7');
  });

  it('shows no voice bio or bio for someone without them', async () => {
    fetchMock.mockImplementation(answersBy(carol));
    renderPopup();
    const card = await open();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    expect(within(card).queryByText(carolNow.bio!)).toBeNull();
    expect(within(card).queryByRole('region', { name: 'Voice bio' })).toBeNull();
    expect(card.querySelector('[data-voice-bio]')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      routeUrl('getUser', { params: { id: 'u7' } }),
    ]);
  });

  it('closes on Escape and gives focus back to the name', async () => {
    renderPopup();
    const card = await open();
    await act(async () => {
      fireEvent.keyDown(card, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Carol' })));
  });
});
