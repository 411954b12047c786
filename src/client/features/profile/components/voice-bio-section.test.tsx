import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/contract/users';
import type { VoiceBio } from '@shared/contract/voice-bio';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import { VoiceBioSection } from './voice-bio-section';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const maya = {
  id: 'u1',
  firstName: 'Maya',
  lastName: 'Okafor',
  voiceBioUrl: null,
} as PublicUser;
const bio: VoiceBio = {
  voiceBioUrl: '/media/bio.m4a',
  voiceBioDuration: 12,
  audioSources: [{ url: '/media/bio.m4a', mimeType: 'audio/mp4' }],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderSection(user: PublicUser, own: boolean) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) },
      mutations: { retry: false },
    },
  });
  render(
    <QueryClientProvider client={client}>
      <div data-testid="profile">
        <VoiceBioSection
          user={user}
          name="Maya Okafor"
          own={own}
          renderPlayer={(voiceBio) => <p>Player for {voiceBio.title}</p>}
        />
      </div>
      <Toaster />
    </QueryClientProvider>,
  );
}

const click = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

recordingBrowserInEachTest();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  fetchMock = vi.fn<typeof fetch>(async () => Response.json(bio));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('voice bio on the profile', () => {
  it('records a voice bio that stops itself at 30 seconds, and saves it after a failed try', async () => {
    renderSection(maya, true);
    await click('Add Voice Bio');
    const dialog = screen.getByRole('dialog', { name: 'Add Voice Bio' });
    expect(within(dialog).getByText('Record up to 30 seconds for your voice bio')).toBeTruthy();

    await click('Start recording');
    expect(screen.getByRole('button', { name: /Stop recording/ })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    // Stopped by itself: the take is there to hear.
    expect(screen.queryByRole('button', { name: /Stop recording/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play your voice bio' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));

    await click('Save');
    expect(lastUpload().url).toBe(routeUrl('uploadVoiceBio'));
    const form = lastUpload().body as FormData;
    expect(form.get('voiceBio')).toBeInstanceOf(Blob);
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);

    await act(async () =>
      lastUpload().respond(413, { message: 'Voice bios can be at most 30 seconds long.' }),
    );
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('Voice bios can be at most 30 seconds long.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play your voice bio' })).toBeTruthy();

    await click('Save');
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () => lastUpload().respond(200, bio));
    expect(await screen.findByText('Voice Bio Updated')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add Voice Bio' })).toBeNull();
  });

  it('clears a take and records another', async () => {
    renderSection(maya, true);
    await click('Add Voice Bio');
    await click('Start recording');
    await click(/Stop recording/);
    await click('Clear');
    expect(screen.queryByRole('button', { name: 'Play your voice bio' })).toBeNull();

    await click('Start recording');
    await click(/Stop recording/);
    await click('Re-record');
    expect(screen.getByRole('button', { name: /Stop recording/ })).toBeTruthy();
  });

  it('plays a voice bio for anyone, and deletes one’s own only after asking', async () => {
    const withBio = { ...maya, voiceBioUrl: bio.voiceBioUrl };
    renderSection(withBio, true);
    expect(await screen.findByText("Player for Maya Okafor's voice bio")).toBeTruthy();

    await click('Delete');
    const confirm = screen.getByRole('dialog', { name: 'Delete your voice bio?' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(
      Response.json({ voiceBioUrl: null, voiceBioDuration: null, audioSources: [] }),
    );
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Voice Bio Deleted')).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe(routeUrl('deleteVoiceBio'));
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('DELETE');
  });

  it('says so when deleting fails', async () => {
    renderSection({ ...maya, voiceBioUrl: bio.voiceBioUrl }, true);
    await screen.findByText("Player for Maya Okafor's voice bio");
    fetchMock.mockResolvedValueOnce(new Response('{"message":"Database down"}', { status: 500 }));
    await click('Delete');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Failed to delete voice bio')).toBeTruthy();
  });

  it('shows others a voice bio to play, without the owner’s buttons', async () => {
    renderSection({ ...maya, voiceBioUrl: bio.voiceBioUrl }, false);
    expect(await screen.findByText("Player for Maya Okafor's voice bio")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Re-record|Delete/ })).toBeNull();
  });

  it('shows others nothing when there is no voice bio', () => {
    renderSection(maya, false);
    expect(screen.getByTestId('profile').childElementCount).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
