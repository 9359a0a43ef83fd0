import type { Repositories, UnitOfWork } from '@groundfloor/domain';
import { QueryFailedError } from 'typeorm';
import type { AuthorizationCache } from './cache/authorization-cache';
import { ChangeLog, cachedReads, recordingWrites } from './cache/cached-repositories';
import type { Executor } from './executor';
import { typeormRepositories } from './repositories/typeorm-repositories';

/**
 * One database transaction per `transaction` call: everything written
 * through `tx` commits together, or rolls back when `work` throws.
 *
 * With a cache, `read` serves the authorizing reads from it, and a committed
 * transaction invalidates what it changed before `transaction` returns, so
 * this process never serves its own stale write; other processes hear of it
 * through the database's change notifications.
 */
export class TypeormUnitOfWork implements UnitOfWork {
  readonly read: Repositories;

  constructor(
    private readonly executor: Executor,
    private readonly cache?: AuthorizationCache,
  ) {
    const read = typeormRepositories({ manager: () => executor.manager(), inTransaction: false });
    this.read = cache ? cachedReads(read, cache) : read;
  }

  /**
   * PostgreSQL may end one of two transactions that lock the same rows in
   * opposite orders (deadlock) and asks for it to be run again: the whole
   * work is, from its first read, a few times, after a short random pause.
   * Nothing of an ended attempt was committed.
   */
  async transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !mayRunAgain(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }

  private async once<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    const cache = this.cache;
    if (!cache) {
      return this.executor.transaction((manager) =>
        work(typeormRepositories({ manager: () => manager, inTransaction: true })),
      );
    }
    const log = new ChangeLog();
    try {
      return await this.executor.transaction((manager) =>
        work(recordingWrites(typeormRepositories({ manager: () => manager, inTransaction: true }), log)),
      );
    } finally {
      // Also after a failure: a COMMIT whose answer was lost may still have committed.
      log.applyTo(cache);
    }
  }
}

const MAX_ATTEMPTS = 4;

/** deadlock_detected and serialization_failure: PostgreSQL ended the transaction so that another could go on. */
const RUN_AGAIN = new Set(['40P01', '40001']);

function mayRunAgain(error: unknown): boolean {
  const code = error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;
  return code !== undefined && RUN_AGAIN.has(code);
}
