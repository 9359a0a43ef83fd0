import type { Repositories, UnitOfWork } from '@groundfloor/domain';
import { QueryFailedError } from 'typeorm';
import type { AuthorizationCache } from './cache/authorization-cache';
import { ChangeLog, cachedReads, recordingWrites } from './cache/cached-repositories';
import type { Executor } from './executor';
import { CoalescingWriter } from './repositories/coalescing-writer';
import { typeormRepositories } from './repositories/typeorm-repositories';
import { applyAsOne, type Statement, WriteBatch } from './write-batch';

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
  /**
   * Concurrent batches of INSERTs (see `WriteBatch.insertsOnly`) share one
   * statement: under load a round trip carries many requests' writes, and
   * each request's batch still settles only when its own rows have
   * committed. A shared statement that fails is sent again batch by batch,
   * so each caller gets its own answer.
   */
  private readonly insertBatches = new CoalescingWriter<readonly Statement[]>(
    (batches) => applyAsOne(this.executor.manager(), batches.flat()),
    MAX_SHARED_BATCHES,
  );

  constructor(
    private readonly executor: Executor,
    private readonly cache?: AuthorizationCache,
  ) {
    const read = typeormRepositories({ manager: () => executor.manager(), inTransaction: false });
    this.read = cache ? cachedReads(read, cache) : read;
  }

  /** One transaction, run again from its first read when PostgreSQL ends it for another's sake. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    return runningAgain(() => this.once(work));
  }

  /** Recorded on write-only repositories, then sent as one statement (see `WriteBatch`). */
  batch<T>(work: (writes: Repositories) => Promise<T>): Promise<T> {
    return runningAgain(() => this.batchOnce(work));
  }

  private async batchOnce<T>(work: (writes: Repositories) => Promise<T>): Promise<T> {
    const batch = new WriteBatch();
    const manager = batch.manager(this.executor.dataSource);
    const writes = typeormRepositories({ manager: () => manager, inTransaction: true });
    const log = new ChangeLog();
    try {
      const result = await work(this.cache ? recordingWrites(writes, log) : writes);
      const parameters = batch.recorded.reduce((n, statement) => n + statement.parameters.length, 0);
      const shared = batch.insertsOnly() && parameters <= MAX_SHARED_PARAMETERS && !this.executor.enclosed;
      if (shared) await this.insertBatches.add(batch.recorded);
      else await applyAsOne(this.executor.manager(), batch.recorded);
      return result;
    } finally {
      if (this.cache) log.applyTo(this.cache);
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
/** A shared statement stays well under PostgreSQL's 65,535 parameters: 50 batches of at most 1,000. */
const MAX_SHARED_BATCHES = 50;
const MAX_SHARED_PARAMETERS = 1000;

/**
 * PostgreSQL may end one of two transactions that lock the same rows in
 * opposite orders (deadlock) and asks for it to be run again: the whole
 * work is, from its first read, a few times, after a short random pause.
 * Nothing of an ended attempt was committed.
 */
async function runningAgain<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= MAX_ATTEMPTS || !mayRunAgain(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * n));
    }
  }
}

/** deadlock_detected and serialization_failure: PostgreSQL ended the transaction so that another could go on. */
const RUN_AGAIN = new Set(['40P01', '40001']);

function mayRunAgain(error: unknown): boolean {
  const code = error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;
  return code !== undefined && RUN_AGAIN.has(code);
}
