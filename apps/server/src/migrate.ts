import { runMigrations } from '@groundfloor/persistence-typeorm';
import { ConfigError, loadConfig } from './config';
import { loadDotEnv } from './env';

/** `npm run migrate`: applies pending migrations and exits. */
async function main(): Promise<void> {
  loadDotEnv();
  try {
    const config = loadConfig(process.env);
    const applied = await runMigrations({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    process.stdout.write(
      `migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`,
    );
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const problem of e.problems) process.stderr.write(`configuration error: ${problem}\n`);
    } else {
      process.stderr.write(`migration failed: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    process.exit(1);
  }
}

void main();
