import type { TransactionObserver } from '../db/transaction-observer';
import type { EventBus, LiveEvent } from './event-bus';
import { LocalSubscribers, type ListenerErrorLog } from './local-subscribers';

export type LocalEventBus = EventBus & TransactionObserver;

/**
 * The event bus of a single process on SQLite. An event published inside a transaction waits for it: the bus
 * observes the database's transactions (see createDatabase) and delivers on commit, or drops on rollback. SQLite
 * has a single connection, so at most one transaction is open at a time and it is the one publishing.
 */
export function createLocalEventBus(log: ListenerErrorLog): LocalEventBus {
  const subscribers = new LocalSubscribers(log);
  let pending: LiveEvent[] = [];

  return {
    async publish(db, event) {
      if (db.isTransaction) pending.push(event);
      else subscribers.deliver(event);
    },
    subscribe: (userId, listener) => subscribers.add(userId, listener),
    async start() {},
    async close() {},

    begun() {
      pending = [];
    },
    committed() {
      const events = pending;
      pending = [];
      for (const event of events) subscribers.deliver(event);
    },
    rolledBack() {
      pending = [];
    },
  };
}
