import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { PgliteListen } from './cache/change-feed';
import type { DatabaseLogger } from './database-logger';
import type { DatabaseKind } from './executor';
import { MIGRATIONS } from './migrations';
import { ENTITY_SCHEMAS } from './schemas';

export interface ConnectionOptions {
  /** `DATABASE_URL`: `postgres://…` selects PostgreSQL; unset selects embedded PGlite. */
  readonly databaseUrl?: string;
  /** `DATA_DIR`: PGlite keeps its files in `<dataDir>/pglite`. `':memory:'` keeps them in memory. */
  readonly dataDir: string;
  /** PGlite in memory, whatever `dataDir` says (tests). */
  readonly memory?: boolean;
  /** PostgreSQL connections per process; defaults to 10. PGlite always has one. */
  readonly poolSize?: number;
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

/** Builds and initialises the DataSource; migrations are run apart, by `migrate`. */
export async function connect(options: ConnectionOptions, logger: DatabaseLogger): Promise<Connected> {
  const poolErrorHandler = (err: Error) =>
    logger.warn({ error: err.name }, 'idle database connection failed');
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
      extra: { connectionTimeoutMillis: 3000, query_timeout: 15_000, keepAlive: true },
    } satisfies DataSourceOptions);
    await dataSource.initialize();
    return { dataSource, kind: 'postgres', dispose: async () => {} };
  }

  // Loaded here, not at the top: a PostgreSQL install never has the embedded engine in memory.
  const { PGlite: Pglite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
  const { createPgConfig } =
    require('@electric-sql/pglite/node-postgres') as typeof import('@electric-sql/pglite/node-postgres');
  const inMemory = options.memory === true || options.dataDir === ':memory:';
  let pglite: PGlite;
  if (inMemory) {
    pglite = await Pglite.create();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    pglite = await Pglite.create({ dataDir: join(options.dataDir, 'pglite') });
  }
  // PGlite's node-postgres adapter speaks the wire protocol to the in-process
  // engine, so TypeORM drives it with the ordinary `pg` driver (same type
  // parsing, row counts and errors as PostgreSQL). The pool has one client
  // that never idles out: that single session is what serialises the process.
  const pg = createPgConfig(pglite);
  const dataSource = new DataSource({
    ...COMMON,
    type: 'postgres',
    host: pg.host,
    port: pg.port,
    username: pg.user,
    password: pg.password,
    database: pg.database,
    poolSize: 1,
    poolErrorHandler,
    extra: { connection: pg.connection, idleTimeoutMillis: 0 },
  } satisfies DataSourceOptions);
  try {
    await dataSource.initialize();
  } catch (err) {
    await pglite.close();
    throw err;
  }
  return {
    dataSource,
    kind: 'pglite',
    dispose: () => pglite.close(),
    listen: (channel, callback) => pglite.listen(channel, callback),
  };
}
