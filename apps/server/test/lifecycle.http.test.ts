import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '@groundfloor/persistence-typeorm';
import { DATABASE } from '../src/tokens';
import { bearer, operator, uniqueEmail } from './support/api';
import { startTestServer, type TestServer } from './support/test-server';

// Process lifecycle (supplement §1) is the same code on both databases: PGlite only.
describe('health, readiness and draining', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer('pglite');
  });
  afterEach(async () => {
    await t.close();
  });

  it('/healthz answers while the process is up; /readyz is 503 once the database stops answering', async () => {
    const health = await t.http.get('/healthz').expect(200);
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    await t.http.get('/readyz').expect(200);
    const db = await t.running.container.getAsync<Database>(DATABASE);
    await db.close();
    await t.http.get('/healthz').expect(200);
    const notReady = await t.http.get('/readyz').expect(503);
    expect(notReady.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(notReady.body).toMatchObject({ status: 503, code: 'not_ready' });
  });

  it('logs one line per request: id, method, path without the query, status, duration', async () => {
    await t.http.get('/healthz?token=do-not-log-me').set('X-Request-Id', 'req-log-1').expect(200);
    await t.http.get('/v1/me').set('Authorization', 'Bearer do-not-log-this-either').expect(401);
    const lines = t.logs.map((l) => JSON.parse(l));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { id: 'req-log-1', method: 'GET', path: '/healthz' },
        res: { status: 200 },
        responseTime: expect.any(Number),
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ req: expect.objectContaining({ path: '/v1/me' }), res: { status: 401 } }),
    );
    const joined = t.logs.join('\n');
    expect(joined).not.toContain('do-not-log');
  });

  it('closing (what SIGTERM does) lets an in-flight request finish, then stops listening', async () => {
    const email = uniqueEmail('drain');
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'Drain', owner_email: email, owner_password: 'drain-password-1' })
      .expect(201);
    const url = new URL('/v1/auth/token', t.running.url);
    const body = JSON.stringify({ email, password: 'drain-password-1' });
    const agent = new http.Agent({ keepAlive: true });
    let closed: Promise<void> | undefined;
    // Close as soon as the server has the request: signing in (argon2id) is still running.
    t.running.server.once('request', () => {
      closed = t.running.close();
    });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        // A keep-alive connection, as clients and load balancers use: it must not hold the close up.
        { method: 'POST', headers: { 'content-type': 'application/json' }, agent },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const started = Date.now();
    await closed;
    agent.destroy();
    // Well under the 65-second keep-alive timeout: the idle connection was closed, not waited for.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(t.running.server.listening).toBe(false);
  });

  it('closing stops accepting connections before any answer can say Connection: close', async () => {
    // An answer that says `Connection: close` sends its client to reconnect.
    // Were the listener still open then, that new connection could wait in
    // the kernel's accept queue and be reset when the listener closes. So the
    // listener closes before close() yields to anything that could answer.
    const closing = t.running.close();
    expect(t.running.server.listening).toBe(false);
    await closing;
  });

  it('while draining, /readyz is 503 and a keep-alive client’s next request is answered with Connection: close', async () => {
    const draining = await startTestServer('pglite', {}, [], { drainGraceMs: 60_000 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (pathname: string) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        http
          .get(new URL(pathname, draining.running.url), { agent }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
            );
          })
          .on('error', reject);
      });
    try {
      expect(await get('/readyz')).toMatchObject({ status: 200, connection: 'keep-alive' });
      const closing = draining.running.close();
      // The open keep-alive connection is not cut: its next request is answered, and told to close.
      const notReady = await get('/readyz');
      expect(notReady).toMatchObject({ status: 503, connection: 'close' });
      // Said as it is: the database is fine, the server is going away.
      expect(JSON.parse(notReady.body)).toMatchObject({
        code: 'not_ready',
        detail: 'the server is shutting down',
      });
      // New connections are refused, not reset, once the listener has closed.
      const refused = await new Promise<string>((resolve) => {
        http
          .get(new URL('/healthz', draining.running.url), { agent: false }, () => resolve('answered'))
          .on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
      agent.destroy();
      await closing;
    } finally {
      agent.destroy();
      await draining.close();
    }
  });

  it('without OPERATOR_TOKEN and KMS_MASTER_KEY, generates both once into DATA_DIR (0600) and logs the path only', async () => {
    const generated = await startTestServer('pglite', { OPERATOR_TOKEN: '', KMS_MASTER_KEY: '' });
    try {
      // A first start says it made the token, not that it read one.
      expect(generated.logs.some((l) => l.includes('operator token read from file'))).toBe(false);
      const logged = generated.logs.find((l) => l.includes('operator token generated into file')) ?? '{}';
      const file: string = JSON.parse(logged).path ?? '';
      expect(file).toMatch(/operator-token$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(path.dirname(file), 'master.key')).mode & 0o777).toBe(0o600);
      expect(generated.logs.join('\n')).not.toContain(generated.running.operatorToken);
      await generated.http
        .get('/v1/operator/organizations')
        .set(bearer(generated.running.operatorToken))
        .expect(200);
    } finally {
      await generated.close();
    }
  });
});
