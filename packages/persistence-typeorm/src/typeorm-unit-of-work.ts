import type { Repositories, UnitOfWork } from '@groundfloor/domain';
import type { Executor } from './executor';
import { typeormRepositories } from './repositories/typeorm-repositories';

/**
 * One database transaction per `transaction` call: everything written
 * through `tx` commits together, or rolls back when `work` throws.
 */
export class TypeormUnitOfWork implements UnitOfWork {
  readonly read: Repositories;

  constructor(private readonly executor: Executor) {
    this.read = typeormRepositories({ manager: () => executor.manager(), inTransaction: false });
  }

  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    return this.executor.transaction((manager) =>
      work(typeormRepositories({ manager: () => manager, inTransaction: true })),
    );
  }
}
