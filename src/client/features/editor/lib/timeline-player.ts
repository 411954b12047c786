import { locate, type EditSegment } from '@shared/domain/edit-list';
import { registerAudioElement } from '@client/lib/audio/audio-controller';

/** A timer firing a little early (or the audio starting late) wakes again after at least this. */
const MIN_TIMER_MS = 20;

export interface PlaybackCallbacks {
  /** Every animation frame while playing: the timeline position in ms. */
  onPosition: (ms: number) => void;
  /** The end of the timeline was reached, a source would not play, or something else paused it: where it stopped. */
  onStopped: (ms: number) => void;
}

/**
 * Plays an edited timeline without decoding it: each segment from its source's own audio element, seeked to the
 * segment's start, until its end, then the next one. The audio streams from the server, so a long draft costs
 * the page no more memory than a short one; a joint may show a short gap, acceptable in a preview.
 */
export class TimelinePlayer {
  #segments: readonly EditSegment[] = [];
  #urls: ReadonlyMap<string, string> = new Map();
  #elements = new Map<string, { element: HTMLAudioElement; unregister: () => void }>();
  #current: HTMLAudioElement | null = null;
  /** Elements started within a user gesture once already (see `prime`). */
  #primed = new WeakSet<HTMLAudioElement>();
  #frame = 0;
  /** Bumped by every segment start and pause: a callback from an earlier one is stale and does nothing. */
  #generation = 0;
  /** The playing segment's answer to its element pausing or failing without us: the end of a source moves on. */
  #onHalt: (() => void) | null = null;
  /** Checks whether the playing segment is over: on every frame, `timeupdate` and a timer to its end (below). */
  #onTime: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #createAudio: (url: string | undefined) => HTMLAudioElement;

  constructor(createAudio: (url: string | undefined) => HTMLAudioElement = (url) => new Audio(url)) {
    this.#createAudio = createAudio;
  }

  /** The timeline to play from the next `play` on. */
  setTimeline(segments: readonly EditSegment[], urls: ReadonlyMap<string, string>): void {
    this.#segments = segments;
    this.#urls = urls;
  }

  play(fromMs: number, callbacks: PlaybackCallbacks): void {
    const segments = this.#segments;
    const start = locate(segments, fromMs);
    if (!start) return;
    // From the very end: from the start again, as a player does once it has ended.
    const atEnd = start.index === segments.length - 1 && start.at >= (segments[start.index]?.to ?? 0);
    if (atEnd) this.#playSegment(0, 0, segments[0]?.from ?? 0, callbacks);
    else this.#playSegment(start.index, fromMs, start.at, callbacks);
    this.#prime();
  }

  /** True from `play` until it pauses or stops. */
  get playing(): boolean {
    return this.#current !== null;
  }

  pause(): void {
    this.#generation += 1;
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    this.#current?.pause();
    this.#current = null;
  }

  /** Stops and lets go of every source's audio. */
  dispose(): void {
    this.pause();
    for (const { element, unregister } of this.#elements.values()) {
      unregister();
      element.removeAttribute('src');
      element.load();
    }
    this.#elements.clear();
  }

  /**
   * iOS Safari lets an element play without a user gesture only once it has been started in one, so at a joint
   * the next source's play() could be refused. Run by `play` (called from the Play button's own handler, Space,
   * or a press on the waveform), this starts and at once pauses each other source's element of the timeline not
   * yet so started: later joints play. Once per element, so cheap however many sources there are; a start
   * refused (not in a gesture after all) is tried again by the next `play`.
   */
  #prime(): void {
    for (const source of new Set(this.#segments.map((segment) => segment.source))) {
      const element = this.#element(source);
      if (this.#primed.has(element) || element === this.#current) continue;
      this.#primed.add(element);
      element.play().catch((error: unknown) => {
        if (error instanceof Error && error.name === 'NotAllowedError') this.#primed.delete(element);
      });
      element.pause();
    }
  }

  #element(source: string): HTMLAudioElement {
    const known = this.#elements.get(source);
    if (known) return known.element;
    const element = this.#createAudio(this.#urls.get(source));
    element.preload = 'metadata';
    // One audio at a time across the app (spec §4): another player starting pauses this one, and we stop with it.
    const halted = () => {
      if (this.#current === element && (element.paused || element.error)) this.#onHalt?.();
    };
    element.addEventListener('pause', halted);
    element.addEventListener('error', halted);
    element.addEventListener('timeupdate', () => {
      if (this.#current === element) this.#onTime?.();
    });
    this.#elements.set(source, { element, unregister: registerAudioElement(element) });
    return element;
  }

  #playSegment(index: number, timelineAt: number, sourceAt: number, callbacks: PlaybackCallbacks): void {
    const segments = this.#segments;
    const segment = segments[index];
    if (!segment) {
      this.pause();
      callbacks.onStopped(timelineAt);
      return;
    }
    const element = this.#element(segment.source);
    this.#current?.pause();
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    const generation = ++this.#generation;
    this.#current = element;
    const segmentStart = timelineAt - (sourceAt - segment.from);
    element.currentTime = sourceAt / 1000;
    // A seek or a joint within one source pauses this element while its play() is pending: that rejection is
    // an AbortError for a superseded start, not a failure.
    const position = () => segmentStart + Math.max(0, element.currentTime * 1000 - segment.from);
    const stop = () => {
      this.pause();
      callbacks.onStopped(position());
    };
    const advance = () => {
      const next = segments[index + 1];
      this.#playSegment(index + 1, segmentStart + (segment.to - segment.from), next?.from ?? 0, callbacks);
    };
    this.#onHalt = () => (element.ended ? advance() : stop());
    element.play().catch((error: unknown) => {
      if (generation !== this.#generation || (error instanceof Error && error.name === 'AbortError')) return;
      stop();
    });
    /** True once this segment is done with: over (and the next one started), or superseded. */
    const finished = () => {
      if (generation !== this.#generation) return true;
      if (element.currentTime * 1000 < segment.to && !element.ended) return false;
      advance();
      return true;
    };
    this.#onTime = finished;
    // Background tabs pause animation frames, so the frames alone would play the cut audio through.
    const wakeAtEnd = () => {
      const remaining = (segment.to - element.currentTime * 1000) / (element.playbackRate || 1);
      this.#timer = setTimeout(
        () => {
          if (!finished()) wakeAtEnd();
        },
        Math.max(MIN_TIMER_MS, remaining),
      );
    };
    wakeAtEnd();
    const tick = () => {
      if (finished()) return;
      callbacks.onPosition(position());
      this.#frame = requestAnimationFrame(tick);
    };
    this.#frame = requestAnimationFrame(tick);
  }
}
