import type { Repositories } from './repositories.port';

/**
 * Transactions. Every state change and its audit event are written through
 * the `tx` repositories of one `transaction` call and commit together; if
 * `work` throws, nothing it wrote remains.
 */
export interface UnitOfWork {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Repositories for reads that need no transaction. */
  readonly read: Repositories;
}
export const UNIT_OF_WORK = Symbol.for('gf.unit-of-work');
