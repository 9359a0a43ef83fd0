import { runMigrations } from '@groundfloor/persistence-typeorm';
import { runCommand } from './command';

/** `npm run migrate`: applies pending migrations and exits. */
runCommand('migration', async (config) => {
  const applied = await runMigrations({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return `migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}`;
});
