/**
 * The playhead while playing, written every animation frame by the player. What is drawn from it reads it
 * directly (no React render per frame); React hears of it only at the grain it shows (see usePlayheadGrain).
 */
export class PlayheadClock {
  #ms = 0;
  readonly #listeners = new Set<() => void>();

  get ms(): number {
    return this.#ms;
  }

  set(ms: number): void {
    if (ms === this.#ms) return;
    this.#ms = ms;
    for (const listener of this.#listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}
