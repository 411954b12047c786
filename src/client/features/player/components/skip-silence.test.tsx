import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silenceJumps } from '@client/lib/audio/silence-skipping';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { AudioPlayer } from './audio-player';
import { playablePost } from '@client/testing/playable-post';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Speech at 0.3–2 s, 5–6 s and 6.3–8 s of 10 s: a 3 s pause, a 0.3 s breath, and 2 s of silence at the end. */
const post = playablePost({
  id: 'p-silence',
  title: 'Long pauses',
  duration: 10,
  audioUrl: '/media/p.webm',
  audioSources: [{ url: '/media/p.webm', mimeType: 'audio/webm' }],
  speech: [
    [0.3, 2],
    [5, 6],
    [6.3, 8],
  ],
  transcription: null,
});

const audio = () => document.querySelector('audio')!;
const toggle = () => screen.getByRole('button', { name: 'Skip silence' });

/** jsdom plays nothing: the test moves the playhead and fires the events a playing browser fires. */
function playAt(seconds: number) {
  const element = audio();
  Object.defineProperty(element, 'paused', { configurable: true, value: false });
  act(() => {
    element.dispatchEvent(new Event('playing'));
    element.currentTime = seconds;
    element.dispatchEvent(new Event('timeupdate'));
  });
}

function pause() {
  const element = audio();
  Object.defineProperty(element, 'paused', { configurable: true, value: true });
  act(() => {
    element.dispatchEvent(new Event('pause'));
  });
}

/** Skip silence is shared by every player and kept across renders: each test sets it as it needs. */
function setSkipSilence(on: boolean) {
  if ((toggle().getAttribute('aria-pressed') === 'true') !== on) fireEvent.click(toggle());
  expect(toggle().getAttribute('aria-pressed')).toBe(String(on));
}

beforeEach(() => {
  installLayout();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  // The rAF loop of a playing player is not needed: each timeupdate checks the playhead too.
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('the pauses a recording skips', () => {
  it('are those longer than half a second, with a little silence kept beside the speech', () => {
    expect(silenceJumps(post.speech, post.duration)).toEqual([
      { from: 2.2, to: 4.8 },
      { from: 8.2, to: 10 },
    ]);
  });

  it('start at the very beginning when the recording opens with silence, and are none when unmeasured', () => {
    expect(silenceJumps([[3, 4]], 4)).toEqual([{ from: 0, to: 2.8 }]);
    expect(silenceJumps(null, 4)).toEqual([]);
  });
});

describe('skip silence in the player', () => {
  it('is a named toggle button, off until turned on, and remembered for every player', () => {
    render(<AudioPlayer post={post} variant="compact" />);
    setSkipSilence(false);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('earshot.skipSilence')).toBe('true');
    cleanup();

    render(<AudioPlayer post={{ ...post, id: 'another' }} variant="compact" />);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
  });

  it('jumps over a long pause while on, keeps a breath, and says what it saved when paused', () => {
    render(<AudioPlayer post={post} variant="compact" />);
    setSkipSilence(true);

    playAt(1.9);
    expect(audio().currentTime).toBe(1.9);
    playAt(2.3);
    expect(audio().currentTime).toBe(4.8);
    playAt(6.1);
    expect(audio().currentTime).toBe(6.1);
    expect(screen.getByText('Skipped 0:02 of silence')).toBeTruthy();
    // Not said at every jump: the player's status says it once playback stops.
    expect(screen.getByRole('status').textContent).toBe('');

    pause();
    expect(screen.getByRole('status').textContent).toBe('Skipped 0:02 of silence');
  });

  it('plays every pause as it is while off', () => {
    render(<AudioPlayer post={post} variant="compact" />);
    setSkipSilence(false);
    playAt(2.3);
    playAt(3);
    expect(audio().currentTime).toBe(3);
    expect(screen.queryByText(/of silence/)).toBeNull();
  });

  it('starts its count over with another recording', () => {
    const { rerender } = render(<AudioPlayer post={post} variant="compact" />);
    setSkipSilence(true);
    playAt(3);
    expect(screen.getByText('Skipped 0:01 of silence')).toBeTruthy();
    rerender(<AudioPlayer post={{ ...post, id: 'next', speech: [[0, 10]] }} variant="compact" />);
    expect(screen.queryByText(/of silence/)).toBeNull();
  });
});
