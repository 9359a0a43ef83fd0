import type { Container } from 'inversify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { buildContainer } from './container';
import { createLogger } from './logger';
import { DATABASE, REDIS } from './tokens';

/**
 * The server's container without its HTTP side listening, for one-off
 * commands; closed afterwards (database and Redis included), so the process
 * can end on its own.
 */
export async function withContainer<T>(
  config: Config,
  work: (container: Container) => Promise<T>,
): Promise<T> {
  const container = await buildContainer(config, createLogger('warn'), 'unused-by-commands');
  try {
    return await work(container);
  } finally {
    await (await container.getAsync<{ close(): Promise<void> }>(DATABASE)).close();
    if (container.isBound(REDIS)) await (await container.getAsync<Redis>(REDIS)).quit();
  }
}
