import type { Dialect, Driver } from 'kysely';

/** Hears each transaction end, after the database has committed or rolled it back. */
export interface TransactionObserver {
  begun(): void;
  committed(): void;
  rolledBack(): void;
}

/**
 * `dialect`, telling `observer` when transactions begin and end. Kysely has no transaction hooks, but every
 * transaction goes through its driver. Savepoints pass through unobserved (nothing here uses them).
 */
export function observeTransactions(dialect: Dialect, observer: TransactionObserver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => observedDriver(dialect.createDriver(), observer),
  };
}

function observedDriver(driver: Driver, observer: TransactionObserver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
    async beginTransaction(connection, settings) {
      await driver.beginTransaction(connection, settings);
      observer.begun();
    },
    async commitTransaction(connection) {
      await driver.commitTransaction(connection);
      observer.committed();
    },
    async rollbackTransaction(connection) {
      await driver.rollbackTransaction(connection);
      observer.rolledBack();
    },
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
  };
}
