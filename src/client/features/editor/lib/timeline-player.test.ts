import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditSegment } from '@shared/domain/edit-list';
import { TimelinePlayer, type PlaybackCallbacks } from './timeline-player';

/** iOS Safari's rule when on: outside a user gesture, only an element once started within one may play. */
const ios = { rule: false, inGesture: false };
const inGesture = (run: () => void) => {
  ios.inGesture = true;
  try {
    run();
  } finally {
    ios.inGesture = false;
  }
};

/** An audio element that plays only when told to: `advance` moves its clock; `play` can be made to fail. */
class FakeAudio extends EventTarget {
  currentTime = 0;
  ended = false;
  paused = true;
  preload = '';
  src: string | undefined;
  playResult: (() => Promise<void>) | null = null;
  plays = 0;
  #unlocked = false;
  #reject: ((error: Error) => void) | null = null;
  constructor(url: string | undefined) {
    super();
    this.src = url;
  }
  play(): Promise<void> {
    this.plays += 1;
    if (ios.rule && !ios.inGesture && !this.#unlocked)
      return Promise.reject(new DOMException('The request is not allowed', 'NotAllowedError'));
    if (ios.inGesture) this.#unlocked = true;
    this.paused = false;
    if (this.playResult) return this.playResult();
    return new Promise<void>((resolve, reject) => {
      this.#reject = reject;
      queueMicrotask(resolve);
    });
  }
  pause(): void {
    this.paused = true;
    // As browsers do: a play() still pending is rejected with AbortError.
    this.#reject?.(new DOMException('The play() request was interrupted by a call to pause()', 'AbortError'));
    this.#reject = null;
  }
  removeAttribute(): void {
    this.src = undefined;
  }
  load(): void {}
}

let frames: Map<number, FrameRequestCallback>;
let lastFrame = 0;
const nextFrame = () => {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback(0);
};

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(++lastFrame, callback);
    return lastFrame;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.unstubAllGlobals();
  ios.rule = false;
});

function setUp(segments: EditSegment[]) {
  const elements = new Map<string, FakeAudio>();
  const player = new TimelinePlayer((url) => {
    const element = new FakeAudio(url);
    elements.set(url ?? '', element);
    return element as unknown as HTMLAudioElement;
  });
  player.setTimeline(
    segments,
    new Map([
      ['original', 'o.webm'],
      ['take', 't.webm'],
    ]),
  );
  const callbacks: PlaybackCallbacks = { onPosition: vi.fn(), onStopped: vi.fn() };
  return { player, elements, callbacks, audio: (url: string) => elements.get(url)! };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TimelinePlayer', () => {
  it('plays across a joint into another source, and stops at the end', async () => {
    const { player, callbacks, audio } = setUp([
      { source: 'original', from: 0, to: 2_000 },
      { source: 'take', from: 500, to: 1_500 },
    ]);
    player.play(0, callbacks);
    audio('o.webm').currentTime = 1.2;
    nextFrame();
    expect(callbacks.onPosition).toHaveBeenLastCalledWith(1_200);
    audio('o.webm').currentTime = 2.05;
    nextFrame();
    expect(audio('o.webm').paused).toBe(true);
    expect(audio('t.webm').currentTime).toBe(0.5);
    expect(audio('t.webm').paused).toBe(false);
    audio('t.webm').currentTime = 1;
    nextFrame();
    expect(callbacks.onPosition).toHaveBeenLastCalledWith(2_500);
    audio('t.webm').currentTime = 1.5;
    nextFrame();
    expect(callbacks.onStopped).toHaveBeenCalledWith(3_000);
    expect(audio('t.webm').paused).toBe(true);
    await settle();
    expect(callbacks.onStopped).toHaveBeenCalledTimes(1);
  });

  it('skips a cut within one source without stopping', async () => {
    const { player, callbacks, audio } = setUp([
      { source: 'original', from: 0, to: 1_000 },
      { source: 'original', from: 3_000, to: 4_000 },
    ]);
    player.play(0, callbacks);
    audio('o.webm').currentTime = 1.01;
    nextFrame();
    expect(audio('o.webm').currentTime).toBe(3);
    await settle();
    expect(callbacks.onStopped).not.toHaveBeenCalled();
    expect(audio('o.webm').paused).toBe(false);
    audio('o.webm').currentTime = 3.5;
    nextFrame();
    expect(callbacks.onPosition).toHaveBeenLastCalledWith(1_500);
  });

  it('keeps playing when a seek interrupts the pending play()', async () => {
    const { player, callbacks, audio } = setUp([{ source: 'original', from: 0, to: 5_000 }]);
    player.play(0, callbacks);
    player.play(3_000, callbacks);
    await settle();
    expect(callbacks.onStopped).not.toHaveBeenCalled();
    expect(audio('o.webm').paused).toBe(false);
    expect(audio('o.webm').currentTime).toBe(3);
  });

  it('says where it stopped when a source will not play', async () => {
    const { player, callbacks, audio } = setUp([{ source: 'original', from: 1_000, to: 5_000 }]);
    player.play(500, callbacks);
    audio('o.webm').playResult = () => Promise.reject(new DOMException('no source', 'NotSupportedError'));
    player.play(2_000, callbacks);
    await settle();
    expect(callbacks.onStopped).toHaveBeenCalledWith(2_000);
  });

  it('stops where it was when another player pauses it, and moves on when a source ends', () => {
    const { player, callbacks, audio } = setUp([
      { source: 'original', from: 0, to: 2_000 },
      { source: 'take', from: 0, to: 1_000 },
    ]);
    player.play(0, callbacks);
    const original = audio('o.webm');
    original.currentTime = 2;
    original.ended = true;
    original.pause();
    original.dispatchEvent(new Event('pause'));
    expect(audio('t.webm').paused).toBe(false);
    const take = audio('t.webm');
    take.currentTime = 0.4;
    take.pause();
    take.dispatchEvent(new Event('pause'));
    expect(callbacks.onStopped).toHaveBeenCalledWith(2_400);
  });

  it('ends a segment on time even where animation frames never come (a background tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { player, callbacks, audio } = setUp([
        { source: 'original', from: 0, to: 1_000 },
        { source: 'original', from: 3_000, to: 4_000 },
        { source: 'take', from: 0, to: 1_000 },
      ]);
      player.play(0, callbacks);
      const original = audio('o.webm');
      original.currentTime = 1.01;
      original.dispatchEvent(new Event('timeupdate'));
      expect(original.currentTime).toBe(3);
      original.currentTime = 3.6;
      vi.advanceTimersByTime(500);
      expect(original.currentTime).toBe(3.6);
      original.currentTime = 4;
      vi.advanceTimersByTime(500);
      expect(audio('t.webm').paused).toBe(false);
      expect(original.paused).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('primes every source within the Play gesture, so a joint into another source plays on iOS Safari', async () => {
    ios.rule = true;
    const { player, callbacks, audio } = setUp([
      { source: 'original', from: 0, to: 1_000 },
      { source: 'take', from: 0, to: 1_000 },
      { source: 'original', from: 2_000, to: 3_000 },
    ]);
    inGesture(() => player.play(0, callbacks));
    const [original, take] = [audio('o.webm'), audio('t.webm')];
    // Started and paused at once: silent, and (paused when its play event comes) it stops no other player.
    expect(take.plays).toBe(1);
    expect(take.paused).toBe(true);
    take.dispatchEvent(new Event('play'));
    expect(original.paused).toBe(false);
    await settle();

    original.currentTime = 1.01;
    nextFrame();
    await settle();
    expect(take.paused).toBe(false);
    expect(callbacks.onStopped).not.toHaveBeenCalled();

    // Once per element: a second Play starts only what it plays.
    player.pause();
    inGesture(() => player.play(0, callbacks));
    expect(take.plays).toBe(2);
  });

  it('lets go of its audio on dispose', async () => {
    const { player, callbacks, audio } = setUp([{ source: 'original', from: 0, to: 5_000 }]);
    player.play(0, callbacks);
    player.dispose();
    await settle();
    nextFrame();
    expect(audio('o.webm').paused).toBe(true);
    expect(audio('o.webm').src).toBeUndefined();
    expect(callbacks.onStopped).not.toHaveBeenCalled();
    expect(callbacks.onPosition).not.toHaveBeenCalled();
  });
});
