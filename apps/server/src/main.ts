import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { loadDotEnv } from './env';
import { createLogger } from './logger';
import { startServer } from './server';

async function main(): Promise<void> {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const problem of e.problems) process.stderr.write(`configuration error: ${problem}\n`);
      process.exit(1);
    }
    throw e;
  }
  // Asynchronous stdout: lines written while one write is in flight go out
  // together instead of one blocking write per request. pino flushes it at exit.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: false }));
  const running = await startServer(config, logger);
  logger.info(
    { url: running.url, database: config.databaseUrl ? 'postgres' : 'pglite', dataDir: config.dataDir },
    'Groundfloor Control is listening',
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'draining in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    running.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err) => {
        logger.error(
          { err: err instanceof Error ? { type: err.name, message: err.message } : String(err) },
          'shutdown failed',
        );
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`startup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
