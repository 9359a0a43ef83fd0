import { QueryFailedError } from 'typeorm';
import type { Executor } from '../src/executor';
import { TypeormUnitOfWork } from '../src/typeorm-unit-of-work';

/** An executor whose first `failures` transactions end with a PostgreSQL error of `code`. */
function executorFailing(code: string, failures: number): { executor: Executor; attempts: () => number } {
  let attempts = 0;
  const executor = {
    manager: () => ({}),
    transaction: async (work: (manager: unknown) => Promise<unknown>) => {
      attempts += 1;
      if (attempts <= failures) {
        throw new QueryFailedError('SELECT 1 FOR UPDATE', [], Object.assign(new Error('ended'), { code }));
      }
      return work({});
    },
  } as unknown as Executor;
  return { executor, attempts: () => attempts };
}

describe('the unit of work on PostgreSQL conflicts', () => {
  it('runs a deadlock victim again, from the start, until it commits', async () => {
    const { executor, attempts } = executorFailing('40P01', 2);
    const uow = new TypeormUnitOfWork(executor);
    await expect(uow.transaction(async () => 'done')).resolves.toBe('done');
    expect(attempts()).toBe(3);
  });

  it('gives up after four attempts, and never retries any other failure', async () => {
    const deadlocked = executorFailing('40001', 10);
    await expect(
      new TypeormUnitOfWork(deadlocked.executor).transaction(async () => 1),
    ).rejects.toBeInstanceOf(QueryFailedError);
    expect(deadlocked.attempts()).toBe(4);
    const unique = executorFailing('23505', 10);
    await expect(new TypeormUnitOfWork(unique.executor).transaction(async () => 1)).rejects.toBeInstanceOf(
      QueryFailedError,
    );
    expect(unique.attempts()).toBe(1);
  });
});
