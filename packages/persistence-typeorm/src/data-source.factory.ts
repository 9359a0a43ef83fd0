import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { PgliteListen } from './cache/change-feed';
import type { DatabaseLogger } from './database-logger';
import type { DatabaseKind } from './executor';
import { MIGRATIONS } from './migrations';
import { EngineSocket } from './pglite/engine-socket';
import { EngineThread } from './pglite/engine-thread';
import { PLAN_CACHE_MODE, preparingClient, StatementNames } from './prepared-statements';
import { ENTITY_SCHEMAS } from './schemas';

export interface ConnectionOptions {
  /** `DATABASE_URL`: `postgres://…` selects PostgreSQL; unset selects embedded PGlite. */
  readonly databaseUrl?: string;
  /** `DATA_DIR`: PGlite keeps its files in `<dataDir>/pglite`. `':memory:'` keeps them in memory. */
  readonly dataDir: string;
  /** PGlite in memory, whatever `dataDir` says (tests). */
  readonly memory?: boolean;
  /** PostgreSQL connections per process; defaults to 10. PGlite's clients share one session. */
  readonly poolSize?: number;
  /**
   * `DATABASE_PREPARED_STATEMENTS`: send the statements a process repeats as
   * named (prepared) statements; defaults to true. False for a pooler in
   * transaction mode, where a connection's named statements do not follow it.
   */
  readonly preparedStatements?: boolean;
}

export interface Connected {
  readonly dataSource: DataSource;
  readonly kind: DatabaseKind;
  /** Releases what the data source does not own (the PGlite instance). */
  readonly dispose: () => Promise<void>;
  /** PGlite's own LISTEN (embedded only). */
  readonly listen?: PgliteListen;
}

// Never `synchronize`: the migrations are the schema.
const COMMON = {
  entities: ENTITY_SCHEMAS,
  migrations: [...MIGRATIONS],
  migrationsTableName: 'schema_migrations',
  synchronize: false,
  migrationsRun: false,
  logging: false,
};

/**
 * Clients of the embedded engine's one session. More than one lets the
 * engine thread go from one statement to the next without a trip through the
 * server's thread in between; a transaction still has the session to itself.
 */
const PGLITE_CLIENTS = 8;

/** Builds and initialises the DataSource; migrations are run apart, by `migrate`. */
export async function connect(options: ConnectionOptions, logger: DatabaseLogger): Promise<Connected> {
  const poolErrorHandler = (err: Error) =>
    logger.warn({ error: err.name }, 'idle database connection failed');
  // pg-pool builds its clients from `Client` and hands each new one to
  // `onConnect` first; TypeORM passes `extra` to the pool. On PGlite every
  // client's SET lands on the one shared session, harmlessly again.
  const naming =
    options.preparedStatements === false
      ? {}
      : {
          Client: preparingClient(
            new StatementNames({
              onTurnedOff: (reason) => logger.warn({ reason }, 'named statements turned off'),
            }),
          ),
          onConnect: (client: { query(sql: string): Promise<unknown> }) =>
            client.query(`SET plan_cache_mode = ${PLAN_CACHE_MODE}`),
        };
  if (options.databaseUrl) {
    const dataSource = new DataSource({
      ...COMMON,
      type: 'postgres',
      url: options.databaseUrl,
      poolSize: options.poolSize ?? 10,
      // Prompt failures while the database is unreachable, instead of requests
      // that hang: connecting, waiting for a pooled connection and a query
      // that never answers are each bounded (docs/operations.md, faults).
      connectTimeoutMS: 3000,
      applicationName: 'groundfloor-control',
      poolErrorHandler,
      extra: { ...naming, connectionTimeoutMillis: 3000, query_timeout: 15_000, keepAlive: true },
    } satisfies DataSourceOptions);
    await dataSource.initialize();
    return { dataSource, kind: 'postgres', dispose: async () => {} };
  }

  const inMemory = options.memory === true || options.dataDir === ':memory:';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  // If the engine's thread stops, every statement fails from then on (503s,
  // and a failing readiness check): the process needs restarting, and
  // whoever runs it should know why.
  const engine = await EngineThread.open(inMemory ? null : join(options.dataDir, 'pglite'), (error) =>
    logger.warn({ error: error.message }, 'the embedded database engine stopped'),
  );
  // The engine runs on a thread of its own and TypeORM drives it with the
  // ordinary `pg` driver over the wire protocol (same type parsing, row
  // counts and errors as PostgreSQL). The pool's clients share the engine's
  // one session, and the engine thread keeps each transaction to itself;
  // clients never idle out, since one costs nothing but an object.
  const dataSource = new DataSource({
    ...COMMON,
    type: 'postgres',
    host: 'localhost',
    username: 'postgres',
    password: 'unused',
    database: 'postgres',
    poolSize: PGLITE_CLIENTS,
    poolErrorHandler,
    extra: { ...naming, stream: () => new EngineSocket(engine), idleTimeoutMillis: 0 },
  } satisfies DataSourceOptions);
  try {
    await dataSource.initialize();
  } catch (err) {
    await engine.close();
    throw err;
  }
  return {
    dataSource,
    kind: 'pglite',
    dispose: () => engine.close(),
    listen: (channel, callback) => engine.listen(channel, callback),
  };
}
