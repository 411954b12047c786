import type { BusListener, BusMessage, LiveEvent } from './event-bus';

export interface ListenerErrorLog {
  error(details: { err: unknown }, message: string): void;
}

/** This instance's subscribers by user id: what each bus delivers to. */
export class LocalSubscribers {
  readonly #byUser = new Map<string, Set<BusListener>>();

  constructor(private readonly log: ListenerErrorLog) {}

  add(userId: string, listener: BusListener): () => void {
    let listeners = this.#byUser.get(userId);
    if (!listeners) {
      listeners = new Set();
      this.#byUser.set(userId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#byUser.get(userId) === listeners) this.#byUser.delete(userId);
    };
  }

  deliver(event: LiveEvent): void {
    for (const listener of this.#byUser.get(event.userId) ?? []) this.#call(listener, event);
  }

  /** Tells everyone here to re-read from the database. */
  resyncAll(): void {
    for (const listeners of this.#byUser.values()) {
      for (const listener of listeners) this.#call(listener, { type: 'resync' });
    }
  }

  #call(listener: BusListener, message: BusMessage): void {
    try {
      listener(message);
    } catch (error) {
      this.log.error({ err: error }, 'a live event listener failed');
    }
  }
}
