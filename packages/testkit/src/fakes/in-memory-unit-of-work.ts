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

  /** A transaction whose repositories refuse reads and report no counts, as the port says. */
  batch<T>(work: (writes: Repositories) => Promise<T>): Promise<T> {
    return this.transaction((tx) => work(writeOnly(tx)));
  }
}

/** Plain writes by name; anything else (a read, a claim that reads first) is refused in a batch. */
const WRITE = /^(save|insert|append|delete|update|replace|revoke|cancel|remove|add)/;

function writeOnly(tx: Repositories): Repositories {
  const wrap = (repository: object) =>
    new Proxy(repository, {
      get(target, name, receiver) {
        const member = Reflect.get(target, name, receiver);
        if (typeof member !== 'function' || typeof name !== 'string') return member;
        if (!WRITE.test(name)) {
          return () => {
            throw new Error(`a write batch cannot call ${name}: it reads`);
          };
        }
        return async (...args: unknown[]) => {
          const result = await member.apply(target, args);
          // What a write changed is only known once the batch is applied.
          return typeof result === 'number' ? 0 : result;
        };
      },
    });
  return Object.fromEntries(
    Object.entries(tx).map(([name, repository]) => [name, wrap(repository as object)]),
  ) as unknown as Repositories;
}
