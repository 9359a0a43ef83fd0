import type { Repositories, UnitOfWork } from '@groundfloor/domain';
import { InMemoryTables, inMemoryRepositories } from './in-memory-repositories';

/**
 * Transactions run one at a time on a copy of the tables, which replaces the
 * committed tables only when the work returns: a throw leaves nothing behind.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  tables = new InMemoryTables();
  readonly read: Repositories = inMemoryRepositories(() => this.tables);
  private queue: Promise<unknown> = Promise.resolve();

  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    const run = async () => {
      const draft = this.tables.clone();
      const result = await work(inMemoryRepositories(() => draft));
      this.tables = draft;
      return result;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
