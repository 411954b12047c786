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
  const jobWorkers = new Set<() => void>();
  let pending: LiveEvent[] = [];
  let jobsQueued = false;
  const wakeJobWorkers = () => {
    for (const wake of jobWorkers) wake();
  };

  return {
    async publish(db, event) {
      if (db.isTransaction) pending.push(event);
      else subscribers.deliver(event);
    },
    subscribe: (userId, listener) => subscribers.add(userId, listener),
    async wakeJobWorkers(db) {
      if (db.isTransaction) jobsQueued = true;
      else wakeJobWorkers();
    },
    onJobWorkersWoken(listener) {
      jobWorkers.add(listener);
      return () => jobWorkers.delete(listener);
    },
    async start() {},
    async close() {},

    begun() {
      pending = [];
      jobsQueued = false;
    },
    committed() {
      const events = pending;
      const wake = jobsQueued;
      pending = [];
      jobsQueued = false;
      for (const event of events) subscribers.deliver(event);
      if (wake) wakeJobWorkers();
    },
    rolledBack() {
      pending = [];
      jobsQueued = false;
    },
  };
}
