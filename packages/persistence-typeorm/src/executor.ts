import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import { oneQueryAtATime } from './one-query-at-a-time';

export type DatabaseKind = 'postgres' | 'pglite';

/**
 * Hands out the EntityManager a statement runs on.
 *
 * PostgreSQL: a pool of connections; transactions isolate themselves with row
 * locks, plain reads take any free connection.
 *
 * PGlite: one session for the whole process, shared by the pool's clients;
 * the engine thread gives a transaction the session from BEGIN to COMMIT,
 * and everything else (plain reads, the rate limiter, the outbox) queues
 * behind it instead of running inside it. The one exception is a call made from inside a
 * transaction's own work: waiting for the session it already holds would
 * deadlock, so it joins that transaction (a nested transaction becomes a
 * savepoint).
 */
export class Executor {
  private readonly current = new AsyncLocalStorage<EntityManager>();

  constructor(
    readonly dataSource: DataSource,
    readonly kind: DatabaseKind,
  ) {}

  /** The manager for a statement outside any transaction of ours. */
  manager(): EntityManager {
    return this.enclosing() ?? this.dataSource.manager;
  }

  /**
   * Whether a statement made here would join a transaction's own session
   * (PGlite, from inside a transaction's work). Such a statement must not
   * wait for, or share a statement with, calls made outside it.
   */
  get enclosed(): boolean {
    return this.enclosing() !== undefined;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const outer = this.enclosing();
    if (outer) return outer.transaction(work);
    if (this.kind === 'postgres')
      return this.dataSource.transaction((manager) => {
        oneQueryAtATime(manager.queryRunner);
        return work(manager);
      });
    return this.dataSource.transaction((manager) => {
      oneQueryAtATime(manager.queryRunner);
      return this.current.run(manager, () => work(manager));
    });
  }

  private enclosing(): EntityManager | undefined {
    const manager = this.current.getStore();
    // A promise left running after its transaction ended must not reuse the released session.
    return manager && !manager.queryRunner?.isReleased ? manager : undefined;
  }
}
