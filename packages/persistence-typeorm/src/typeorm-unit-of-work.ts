import type { Repositories, UnitOfWork } from '@groundfloor/domain';
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

  async transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
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
