import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAILER } from '@groundfloor/domain';
import { apiDocumentOf } from '@groundfloor/http-express';
import { createThrowawayDatabase } from '@groundfloor/persistence-typeorm';
import { FakeMailer } from '@groundfloor/testkit';
import { ContainerModule } from 'inversify';
import pino from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../../src/config';
import { type RunningServer, startServer } from '../../src/server';
import { ResponseValidator } from './response-validator';
import { validatingAgent } from './validating-agent';

export type DatabaseKind = 'pglite' | 'postgres';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

export interface TestServer {
  readonly running: RunningServer;
  readonly mailer: FakeMailer;
  /** Every response it receives is checked against the API document (a mismatch fails the test). */
  readonly http: ReturnType<typeof supertest>;
  readonly logs: string[];
  close(): Promise<void>;
}

/**
 * The real application on a real database: PGlite in a temporary directory,
 * or a throwaway PostgreSQL database. Only the mailer is a fake, so tests can
 * read the links it would have sent.
 */
export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  /** Container modules loaded after the mailer fake (e.g. a failing key store). */
  extraOverrides: ContainerModule[] = [],
  /** Shutdown's grace before idle connections close; none unless a test is about draining. */
  options: {
    drainGraceMs?: number;
    /** Rewrites the throwaway PostgreSQL database's URL (e.g. to reach it through a proxy). */
    reachDatabase?: (url: string) => Promise<string>;
    /** Keeps the real SMTP mailer (tests against an SMTP server on loopback); `mailer` then stays empty. */
    realMailer?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-test-'));
  const throwaway = kind === 'postgres' ? await createThrowawayDatabase(requiredPostgresUrl()) : undefined;
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    OPERATOR_TOKEN,
    KMS_MASTER_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    ...(throwaway
      ? { DATABASE_URL: options.reachDatabase ? await options.reachDatabase(throwaway.url) : throwaway.url }
      : {}),
    ...env,
  });
  const logs: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(line) });
  const mailer = new FakeMailer();
  const overrides = [
    ...(options.realMailer
      ? []
      : [new ContainerModule(({ rebind }) => void rebind(MAILER).toConstantValue(mailer))]),
    ...extraOverrides,
  ];
  const running = await startServer(config, logger, {
    overrides,
    startWorkers: false,
    drainGraceMs: options.drainGraceMs ?? 0,
  });
  return {
    running,
    mailer,
    logs,
    http: validatingAgent(supertest(running.url), new ResponseValidator(apiDocumentOf(running.app))),
    close: async () => {
      await running.close();
      await throwaway?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function requiredPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/**
 * The database an HTTP suite runs on: the embedded default. Routes are the
 * subject there; what the repositories do on PostgreSQL is the contract
 * suites' subject, run on both databases.
 */
export const DATABASES: DatabaseKind[] = ['pglite'];

/**
 * Suites about concurrent requests (row locks, atomic limits, racing
 * creates) run on PostgreSQL as well when TEST_DATABASE_URL is set: there
 * transactions really run side by side, while PGlite's single session runs
 * them one after the other.
 */
export const CONCURRENT_DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
