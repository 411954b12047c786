import { describe, expect, it } from 'vitest';
import { positionOf, seekElement } from './element-seek';

/** A media element as a browser runs one: a seek sets `seeking` until the browser has landed and says `seeked`. */
class MediaElement extends EventTarget {
  seeking = false;
  /** Every seek the element was asked to make, in order. */
  readonly seeks: number[] = [];
  private time = 0;

  get currentTime(): number {
    return this.time;
  }

  set currentTime(seconds: number) {
    this.seeks.push(seconds);
    this.time = seconds;
    this.seeking = true;
  }

  land(): void {
    this.seeking = false;
    this.dispatchEvent(new Event('seeked'));
  }

  loadNewSource(): void {
    this.seeking = false;
    this.time = 0;
    this.dispatchEvent(new Event('emptied'));
  }
}

const elementAt = (seconds: number) => {
  const element = new MediaElement();
  element.currentTime = seconds;
  element.land();
  element.seeks.length = 0;
  return element as MediaElement & HTMLMediaElement;
};

describe('seeking an audio element', () => {
  it('makes a seek at once when none is under way', () => {
    const audio = elementAt(1);
    seekElement(audio, 5);
    expect(audio.seeks).toEqual([5]);
    expect(positionOf(audio)).toBe(5);
  });

  it('does not seek to where the element already stands', () => {
    const audio = elementAt(5);
    seekElement(audio, 5);
    expect(audio.seeks).toEqual([]);
  });

  it('holds the seeks asked for during another, then makes only the last once it lands', () => {
    const audio = elementAt(0);
    seekElement(audio, 5);
    seekElement(audio, 10);
    seekElement(audio, 12);
    expect(audio.seeks).toEqual([5]);
    // The arrow keys step from where the player is going, not from where the first seek lands.
    expect(positionOf(audio)).toBe(12);
    audio.land();
    expect(audio.seeks).toEqual([5, 12]);
    audio.land();
    expect(positionOf(audio)).toBe(12);
    expect(audio.seeks).toEqual([5, 12]);
  });

  it('makes no second seek when the last asked for is where the first lands', () => {
    const audio = elementAt(0);
    seekElement(audio, 5);
    seekElement(audio, 10);
    seekElement(audio, 5);
    audio.land();
    expect(audio.seeks).toEqual([5]);
    expect(positionOf(audio)).toBe(5);
  });

  it('drops what was held for a source the element no longer plays', () => {
    const audio = elementAt(0);
    seekElement(audio, 5);
    seekElement(audio, 10);
    audio.loadNewSource();
    expect(positionOf(audio)).toBe(0);
    seekElement(audio, 3);
    audio.land();
    expect(audio.seeks).toEqual([5, 3]);
  });
});
