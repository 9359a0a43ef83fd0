import type { Repositories } from './repositories.port';

/**
 * Transactions. Every state change and its audit event are written through
 * the `tx` repositories of one `transaction` call and commit together; if
 * `work` throws, nothing it wrote remains.
 */
export interface UnitOfWork {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Writes that need no read: `work` hands them to write-only repositories,
   * and they are applied together, atomically, once `work` returns (on the
   * database, as one statement: one round trip instead of a transaction's
   * many). Every write sees the rows as they were before the batch, so the
   * writes of one batch touch different rows; a foreign key may name a row
   * the same batch inserts. A read inside `work` throws, and what a write
   * would return (a count) is not known yet: 0. If a write is refused (a
   * unique key: DomainError `conflict`), none of the batch is written.
   */
  batch<T>(work: (writes: Repositories) => Promise<T>): Promise<T>;
  /** Repositories for reads that need no transaction. */
  readonly read: Repositories;
}
export const UNIT_OF_WORK = Symbol.for('gf.unit-of-work');
