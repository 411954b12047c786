import type { MessageQueue } from '@fedify/fedify';
import type { JobOutcome } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import type { FederationEgress } from './egress';

/** What Fedify queues (a fan-out, one delivery, one inbound activity): plain JSON it made itself. */
export type FederationMessage = Record<string, unknown>;

export interface FederationQueue extends MessageQueue {
  /** The job `federation.message`: hands the message to Fedify's listener in this process. */
  run(message: FederationMessage): Promise<JobOutcome>;
}

/**
 * Fedify's message queue over our job queue (table jobs): its deliveries and inbound activities are jobs like any
 * other, claimed by whichever instance is free, leased, and taken over if that instance dies. Fedify retries a
 * failed delivery itself (its backoff and circuit breaker); a job fails only when Fedify's own handling throws.
 * Fedify orders messages by `orderingKey` only when the sender asks for it, which Earshot never does.
 */
export function createFederationQueue(jobs: JobQueue, egress: FederationEgress): FederationQueue {
  let listener: ((message: FederationMessage) => Promise<void> | void) | undefined;
  return {
    async enqueue(message: FederationMessage, options) {
      const delayMs = options?.delay?.total('millisecond') ?? 0;
      await jobs.enqueue(
        'federation.message',
        { message },
        delayMs > 0 ? { runAfter: new Date(Date.now() + delayMs) } : {},
      );
    },

    listen(handler, options) {
      listener = handler;
      return new Promise<void>((resolve) => {
        const stop = () => {
          if (listener === handler) listener = undefined;
          resolve();
        };
        if (options?.signal?.aborted) stop();
        else options?.signal?.addEventListener('abort', stop, { once: true });
      });
    },

    async run(message) {
      // The worker starts after the federation listens (app.ts); a job here before then is retried.
      if (!listener) throw new Error('Federation is not listening in this process yet.');
      const handle = listener;
      await egress.run(async () => handle(message));
      return 'done';
    },
  };
}
