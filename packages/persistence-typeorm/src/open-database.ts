import type { Clock, MailOutbox, RateLimiter, SigningKeyStore, UnitOfWork } from '@groundfloor/domain';
import type { DataSource } from 'typeorm';
import { AuthorizationCache } from './cache/authorization-cache';
import { type ChangeFeed, listenOnPglite, listenOnPostgres } from './cache/change-feed';
import { type ConnectionOptions, connect } from './data-source.factory';
import { type DatabaseLogger, silentDatabaseLogger } from './database-logger';
import { type DatabaseKind, Executor } from './executor';
import { migrate } from './migrate';
import { DatabaseRateLimiter } from './stores/database-rate-limiter';
import { TypeormMailOutbox } from './stores/typeorm-mail-outbox';
import { TypeormSigningKeyStore } from './stores/typeorm-signing-key-store';
import { TypeormUnitOfWork } from './typeorm-unit-of-work';

export interface DatabaseOptions extends ConnectionOptions {
  readonly logger?: DatabaseLogger;
  /** The rate limiter's clock; defaults to the system clock. */
  readonly clock?: Clock;
  /** Apply pending migrations while opening; defaults to true. */
  readonly migrate?: boolean;
  /**
   * Keep the reads that authorize requests in memory, invalidated by the
   * database's change notifications (docs/performance.md); defaults to true.
   */
  readonly authorizationCache?: boolean;
}

/** An open database and every port this package implements on it. */
export interface Database {
  readonly kind: DatabaseKind;
  readonly dataSource: DataSource;
  /** Build further adapters on this, never on a second Executor: on PGlite it owns the transaction context. */
  readonly executor: Executor;
  readonly uow: UnitOfWork;
  readonly rateLimiter: RateLimiter;
  readonly mailOutbox: MailOutbox;
  readonly signingKeys: SigningKeyStore;
  /** Migrations applied while opening (empty when none were pending or `migrate: false`). */
  readonly appliedMigrations: readonly string[];
  /** The PostgreSQL pool's connections (null on PGlite, a single session); for metrics. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** Resolves when the database answers within `timeoutMs` (default 2000); for `/readyz`. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the pool (and PGlite); safe to call twice. */
  close(): Promise<void>;
}

const systemClock: Clock = { now: () => new Date() };

/** Opens PostgreSQL (`databaseUrl` set) or embedded PGlite, and migrates it unless told not to. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logger ?? silentDatabaseLogger;
  const connected = await connect(options, logger);
  const { dataSource, kind, dispose } = connected;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      try {
        if (dataSource.isInitialized) await dataSource.destroy();
      } finally {
        await dispose();
      }
    })();
    return closing;
  };

  let appliedMigrations: string[] = [];
  if (options.migrate !== false) {
    try {
      appliedMigrations = await migrate(dataSource);
    } catch (err) {
      await close();
      throw err;
    }
    if (appliedMigrations.length > 0) {
      logger.info({ migrations: appliedMigrations, kind }, 'database migrated');
    }
  }

  const executor = new Executor(dataSource, kind);
  let cache: AuthorizationCache | undefined;
  let feed: ChangeFeed | undefined;
  if (options.authorizationCache !== false) {
    cache = new AuthorizationCache();
    if (kind === 'postgres' && options.databaseUrl) {
      feed = listenOnPostgres(options.databaseUrl, cache, logger);
    } else if (connected.listen) {
      feed = await listenOnPglite(connected.listen, cache);
    }
  }
  const closeAll = async () => {
    await feed?.close();
    await close();
  };
  return {
    kind,
    dataSource,
    executor,
    uow: new TypeormUnitOfWork(executor, cache),
    rateLimiter: new DatabaseRateLimiter(executor, options.clock ?? systemClock),
    mailOutbox: new TypeormMailOutbox(executor),
    signingKeys: new TypeormSigningKeyStore(executor),
    appliedMigrations,
    poolStats: () => {
      if (kind !== 'postgres') return null;
      const pool = (
        dataSource.driver as unknown as {
          master?: { totalCount: number; idleCount: number; waitingCount: number };
        }
      ).master;
      return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
    },
    ping: (timeoutMs = 2000) => withTimeout(executor.manager().query('SELECT 1'), timeoutMs),
    close: closeAll,
  };
}

/** `npm run migrate`: opens, applies pending migrations, closes; returns what it applied. */
export async function runMigrations(options: Omit<DatabaseOptions, 'migrate'>): Promise<string[]> {
  const database = await openDatabase({ ...options, migrate: true });
  await database.close();
  return [...database.appliedMigrations];
}

async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
