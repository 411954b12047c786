import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { AudioPlayer, type AudioPlayerProps } from './audio-player';
import { playablePost } from '@client/testing/playable-post';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const post = playablePost({
  chapters: [
    { id: 'c1', title: 'Intro', time: 0 },
    { id: 'c2', title: 'The hill', time: 30.6 },
  ],
});

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

const audioElement = () => document.querySelector('audio')!;
const status = () => screen.getByRole('status', { name: '' }).textContent;

async function renderPlayer(props: Partial<AudioPlayerProps> = {}) {
  render(
    <TooltipProvider>
      <AudioPlayer post={post} variant="full" transcriptOpen shareMoments {...props} />
      <Toaster />
    </TooltipProvider>,
  );
  // The controls and the transcript load lazily.
  await screen.findByRole('button', { name: 'Back 10 seconds' });
  await screen.findByRole('group', { name: 'Transcript' });
}

/** The browser has read the file's header: a pending position is applied. */
function metadataLoads() {
  const audio = audioElement();
  Object.defineProperty(audio, 'readyState', { configurable: true, value: HTMLMediaElement.HAVE_METADATA });
  act(() => {
    audio.dispatchEvent(new Event('loadedmetadata'));
  });
}

async function copiedUrl(name: string | RegExp): Promise<string> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
  expect(writeText).toHaveBeenCalledTimes(1);
  return writeText.mock.calls[0]![0];
}

beforeEach(() => {
  installLayout();
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('a link to a moment', () => {
  it('starts the player there and says so', async () => {
    await renderPlayer({ startAt: 73 });
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('player-current-time').textContent).toBe('1:13');
    metadataLoads();
    expect(audioElement().currentTime).toBe(73);
    act(() => {
      audioElement().dispatchEvent(new Event('playing'));
    });
    expect(status()).toBe('Playing from 1:13, where the link starts.');
  });

  it('waits at the moment for one press when the browser will not start audio by itself', async () => {
    play.mockRejectedValueOnce(new DOMException('blocked', 'NotAllowedError'));
    await renderPlayer({ startAt: 73 });
    await waitFor(() => expect(status()).toBe('Starts at 1:13. Press play to listen.'));
    metadataLoads();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play Morning walk' }));
    });
    expect(play).toHaveBeenCalledTimes(2);
    expect(audioElement().currentTime).toBe(73);
  });

  it('plays from the start without one', async () => {
    await renderPlayer();
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByTestId('player-current-time').textContent).toBe('0:00');
  });
});

describe('copying links to moments', () => {
  it('copies the link at the playhead’s whole second', async () => {
    await renderPlayer();
    metadataLoads();
    Object.defineProperty(audioElement(), 'currentTime', { configurable: true, writable: true, value: 42.7 });
    expect(await copiedUrl('Copy link at current time')).toBe(`${location.origin}/posts/p1?t=42`);
    expect(await screen.findByText('Link Copied!')).toBeTruthy();
    expect(screen.getByText(`Opens at 0:42: ${location.origin}/posts/p1?t=42`)).toBeTruthy();
  });

  it('copies the link to a chapter', async () => {
    await renderPlayer();
    expect(await copiedUrl('Copy link to this chapter: The hill')).toBe(`${location.origin}/posts/p1?t=30`);
    expect(
      await screen.findByText(`Opens “The hill” at 0:30: ${location.origin}/posts/p1?t=30`),
    ).toBeTruthy();
  });

  it('copies the link to the highlighted word of the transcript', async () => {
    await renderPlayer();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'three' }));
    });
    expect(screen.getByRole('button', { name: 'three' }).getAttribute('aria-current')).toBe('true');
    expect(await copiedUrl('Copy link to highlighted word')).toBe(`${location.origin}/posts/p1?t=51`);
  });

  it('offers none of it for a player of something not shared, such as a draft', async () => {
    await renderPlayer({ shareMoments: false });
    expect(screen.queryByRole('button', { name: /Copy link/ })).toBeNull();
  });
});
