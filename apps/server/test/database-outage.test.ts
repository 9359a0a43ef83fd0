import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@groundfloor/persistence-typeorm';
import pino from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';
import { TcpProxy } from './support/tcp-proxy';

/*
 * PostgreSQL becomes unreachable (a proxy in front of it goes down): requests
 * get a prompt 503 problem instead of a hang or a 500, /readyz says so, and
 * service comes back by itself once the database does. The 30-second outage
 * under load is `npm run faults` (docs/operations.md); this is its quick form.
 */
const postgres = process.env.TEST_DATABASE_URL;
const maybe = postgres ? describe : describe.skip;
const OPERATOR = 'test-operator-token-0123456789';

maybe('an unreachable database', () => {
  let database: ThrowawayDatabase;
  let proxy: TcpProxy;
  let server: RunningServer;
  let dataDir: string;
  let http: ReturnType<typeof supertest>;

  beforeAll(async () => {
    database = await createThrowawayDatabase(postgres as string);
    const url = new URL(database.url);
    proxy = await TcpProxy.start(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.listeningPort}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'gf-outage-'));
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      KMS_MASTER_KEY: randomBytes(32).toString('base64'),
      OPERATOR_TOKEN: OPERATOR,
      LOG_LEVEL: 'silent',
    });
    server = await startServer(config, pino({ level: 'silent' }), { startWorkers: false });
    http = supertest(server.url);
  });

  afterAll(async () => {
    await proxy?.up().catch(() => {});
    await server?.close();
    await proxy?.down();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const listOrganizations = () =>
    http.get('/v1/operator/organizations').set('Authorization', `Bearer ${OPERATOR}`);

  it('answers 503 database_unavailable with Retry-After while it is down, and recovers without a restart', async () => {
    await listOrganizations().expect(200);
    await http.get('/readyz').expect(200);

    await proxy.down();
    const refused = await listOrganizations();
    expect(refused.status).toBe(503);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(refused.headers['retry-after']).toBe('5');
    expect((await http.get('/readyz')).status).toBe(503);
    await http.get('/healthz').expect(200);

    await proxy.up();
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i++) {
      recovered = (await listOrganizations()).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(200);
    await http.get('/readyz').expect(200);
  });
});
