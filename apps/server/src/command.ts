import type { Container } from 'inversify';
import { type Config, ConfigError, loadConfig } from './config';
import { buildContainer } from './container';
import { loadDotEnv } from './env';
import { createLogger } from './logger';
import { DATABASE } from './tokens';

/**
 * Runs a one-off command (`npm run migrate`, `keys:rotate`, `kms:rotate`)
 * with the server's configuration: invalid configuration is one line per
 * problem, any other failure one line, and either exits 1.
 */
export function runCommand(name: string, work: (config: Config) => Promise<string>): void {
  loadDotEnv();
  void (async () => {
    try {
      const config = loadConfig(process.env);
      process.stdout.write(`${await work(config)}\n`);
    } catch (e) {
      if (e instanceof ConfigError) {
        for (const problem of e.problems) process.stderr.write(`configuration error: ${problem}\n`);
      } else {
        process.stderr.write(`${name} failed: ${e instanceof Error ? e.message : String(e)}\n`);
      }
      process.exit(1);
    }
  })();
}

/** The server's container without its HTTP side, closed (database included) after `work`. */
export async function withContainer<T>(
  config: Config,
  work: (container: Container) => Promise<T>,
): Promise<T> {
  const container = await buildContainer(config, createLogger('warn'), 'unused-by-commands');
  try {
    return await work(container);
  } finally {
    await (await container.getAsync<{ close(): Promise<void> }>(DATABASE)).close();
  }
}
