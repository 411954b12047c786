import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlaybackPreferences } from '@client/lib/audio/playback-preferences';
import { PLAY_ALL_GAP_MS, useMessagePlayback, type PlayableMessage } from './use-message-playback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** 5 s each, with a 3 s pause between 1 s and 4 s. */
const message = (id: string): PlayableMessage => ({
  id,
  audioUrl: `/media/${id}.webm`,
  audioSources: [{ url: `/media/${id}.webm`, mimeType: 'audio/webm' }],
  duration: 5,
  speech: [
    [0, 1],
    [4, 5],
  ],
});
const three = [message('m1'), message('m2'), message('m3')];

let played: string[];

function Harness({ alreadyPlayed = [] as string[] }) {
  const playback = useMessagePlayback(three, {
    isPlayed: (id) => alreadyPlayed.includes(id),
    onPlayed: (id) => played.push(id),
  });
  const { skipSilence, setSkipSilence } = usePlaybackPreferences();
  return (
    <div>
      <button type="button" aria-pressed={skipSilence} onClick={() => setSkipSilence(!skipSilence)}>
        Skip silence
      </button>
      <p data-testid="skipped">{playback.skippedSilence.toFixed(1)}</p>
      <audio {...playback.audioProps} />
      <p data-testid="current">{playback.currentId ?? 'none'}</p>
      <p data-testid="all">{playback.playingAll ? 'playing all' : 'not playing all'}</p>
      <button type="button" onClick={playback.playAll}>
        Play all
      </button>
      <button type="button" onClick={() => playback.toggle('m2')}>
        Toggle m2
      </button>
    </div>
  );
}

/**
 * jsdom has <audio> without a media stack: play() is the browser's, faked here to start at once; the test plays
 * the browser's part of reaching the end.
 */
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
const audio = () => document.querySelector('audio')!;
/** The file each play() started, in order. */
let started: string[];
const srcPlayed = () => started;

function reachEnd() {
  const element = audio();
  Object.defineProperty(element, 'ended', { configurable: true, value: true });
  act(() => {
    element.dispatchEvent(new Event('pause'));
    element.dispatchEvent(new Event('ended'));
  });
  Object.defineProperty(element, 'ended', { configurable: true, value: false });
}

beforeEach(() => {
  vi.useFakeTimers();
  played = [];
  started = [];
  play = vi.fn(function (this: HTMLAudioElement) {
    started.push(this.src.replace(/^.*\/media\//, ''));
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('play-all', () => {
  it('plays each message in order, the next 500 ms after one ends, and stops after the last', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(srcPlayed()).toEqual(['m1.webm']);

    reachEnd();
    expect(played).toEqual(['m1']);
    act(() => vi.advanceTimersByTime(PLAY_ALL_GAP_MS - 1));
    expect(srcPlayed()).toEqual(['m1.webm']);
    act(() => vi.advanceTimersByTime(1));
    expect(srcPlayed()).toEqual(['m1.webm', 'm2.webm']);
    expect(screen.getByTestId('current').textContent).toBe('m2');

    reachEnd();
    act(() => vi.advanceTimersByTime(PLAY_ALL_GAP_MS));
    expect(srcPlayed()).toEqual(['m1.webm', 'm2.webm', 'm3.webm']);

    reachEnd();
    act(() => vi.advanceTimersByTime(10 * PLAY_ALL_GAP_MS));
    expect(srcPlayed()).toHaveLength(3);
    expect(played).toEqual(['m1', 'm2', 'm3']);
    expect(screen.getByTestId('all').textContent).toBe('not playing all');
    expect(screen.getByTestId('current').textContent).toBe('none');
  });

  it('continues from the first message not yet played', () => {
    render(<Harness alreadyPlayed={['m1']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(srcPlayed()).toEqual(['m2.webm']);
  });

  it('starts from the first when every message has been played', () => {
    render(<Harness alreadyPlayed={['m1', 'm2', 'm3']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(srcPlayed()).toEqual(['m1.webm']);
  });

  it('one message played on its own does not go on to the next', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle m2' }));
    expect(srcPlayed()).toEqual(['m2.webm']);
    reachEnd();
    act(() => vi.advanceTimersByTime(10 * PLAY_ALL_GAP_MS));
    expect(srcPlayed()).toEqual(['m2.webm']);
    expect(played).toEqual(['m2']);
  });

  it('a pause by the listener during play-all ends it', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    act(() => {
      audio().dispatchEvent(new Event('pause'));
    });
    expect(screen.getByTestId('all').textContent).toBe('not playing all');
  });
});

describe('skip silence in play-all', () => {
  it("jumps each message's long pause while on, and counts each message's skip on its own", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip silence' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    const element = audio();
    Object.defineProperty(element, 'paused', { configurable: true, value: false });
    act(() => {
      element.currentTime = 2;
      element.dispatchEvent(new Event('timeupdate'));
    });
    expect(element.currentTime).toBe(3.8);
    expect(screen.getByTestId('skipped').textContent).toBe('1.8');

    reachEnd();
    act(() => vi.advanceTimersByTime(PLAY_ALL_GAP_MS));
    expect(screen.getByTestId('current').textContent).toBe('m2');
    expect(screen.getByTestId('skipped').textContent).toBe('0.0');
  });
});
