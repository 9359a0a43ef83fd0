import { type DataSource, MigrationExecutor } from 'typeorm';

/**
 * Applies pending migrations in one transaction and returns their names.
 * A session-level advisory lock makes replicas that start together take
 * turns: the second finds nothing left to do.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query(`SELECT pg_advisory_lock(hashtext('groundfloor.migrations'))`);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'all';
      const applied = await executor.executePendingMigrations();
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(hashtext('groundfloor.migrations'))`);
    }
  } finally {
    await runner.release();
  }
}
