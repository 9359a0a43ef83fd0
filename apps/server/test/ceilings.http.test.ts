import { randomUUID } from 'node:crypto';
import type { Repositories } from '@groundfloor/domain';
import type { Database } from '@groundfloor/persistence-typeorm';
import { DATABASE } from '../src/tokens';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';
import { uow } from './support/tickets';
import { workspaceWithOwner } from './support/workspace';

/*
 * Ceilings on what a workspace holds (docs/security.md, Ceilings): past one,
 * a create is 409 `limit_reached` naming the limit, and nothing is written.
 * Rows up to the ceiling are written straight into the running server's
 * database (through its repositories, or one statement for the flags):
 * thousands of requests would only make the test slow.
 */
describe.each(CONCURRENT_DATABASES)('ceilings on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const seed = async (work: (tx: Repositories, now: Date) => Promise<void>) =>
    (await uow(t)).transaction((tx) => work(tx, new Date()));
  const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  const sealed = { keyId: 'k', wrappedKey: 'w', iv: 'i', ciphertext: 'c', tag: 't' };

  const expectLimitReached = (
    res: { status: number; headers: Record<string, string>; body: Record<string, unknown> },
    limit: string,
  ) => {
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 409,
      code: 'limit_reached',
      detail: expect.stringContaining(limit),
    });
  };

  it('a workspace holds at most 5,000 flags: of two concurrent creates at 4,999 one is 409', async () => {
    const w = await workspaceWithOwner(t);
    // One statement: 4,999 saves one by one take seconds on PGlite.
    const db = await t.running.container.getAsync<Database>(DATABASE);
    await db.dataSource.query(
      `INSERT INTO flags (workspace_id, key, value_json, updated_at)
       SELECT $1, 'seeded.' || n, '1', now() FROM generate_series(0, 4998) AS n`,
      [w.workspaceId],
    );
    const flags = `/v1/workspaces/${w.workspaceId}/flags`;
    const racers = ['racer.a', 'racer.b'];
    const answers = await Promise.all(
      racers.map((key) => t.http.put(`${flags}/${key}`).set(w.auth).send({ value: true })),
    );
    const winner = answers.findIndex((res) => res.status === 200);
    expect(winner).toBeGreaterThanOrEqual(0);
    expectLimitReached(answers[1 - winner] as (typeof answers)[number], '5,000 flags per workspace');

    const runtime = await t.http.get(`${flags}/runtime`).set(w.auth).expect(200);
    expect(Object.keys(runtime.body)).toHaveLength(5_000);
    expect(runtime.body[racers[winner] as string]).toBe(true);
    expect(runtime.body).not.toHaveProperty([racers[1 - winner]]);
    expect((await t.http.get(flags).set(w.auth).expect(200)).body.flags).toHaveLength(5_000);
    // Flags already there still change.
    await t.http.put(`${flags}/seeded.3`).set(w.auth).send({ value: 'changed' }).expect(200);
  });

  it('a secret set holds at most 1,000 secrets; promote reports the keys past it', async () => {
    const w = await workspaceWithOwner(t);
    const secrets = `/v1/workspaces/${w.workspaceId}/secrets`;
    await seed(async (tx, now) => {
      for (const key of names('SEEDED_', 999)) {
        await tx.secrets.save({
          id: randomUUID(),
          workspaceId: w.workspaceId,
          environmentId: w.prodId,
          key,
          description: null,
          sealed,
          createdAt: now,
          updatedAt: now,
        });
      }
    });
    for (const key of ['FIRST', 'SECOND']) {
      await t.http
        .put(`${secrets}/${key}?environment_id=${w.devId}`)
        .set(w.auth)
        .send({ value: 'v' })
        .expect(201);
    }
    const promoted = await t.http
      .post(`${secrets}/promote`)
      .set(w.auth)
      .send({ source_environment_id: w.devId, target_environment_id: w.prodId })
      .expect(200);
    expect(promoted.body).toMatchObject({
      copied: ['FIRST'],
      failed: [{ key: 'SECOND', error: 'limit_reached' }],
    });
    const refused = await t.http
      .put(`${secrets}/THIRD?environment_id=${w.prodId}`)
      .set(w.auth)
      .send({ value: 'v' });
    expectLimitReached(refused, '1,000 secrets per set');
    const listed = await t.http.get(`${secrets}?environment_id=${w.prodId}`).set(w.auth).expect(200);
    expect(listed.body.secrets).toHaveLength(1_000);
    await t.http.get(`${secrets}/THIRD?environment_id=${w.prodId}`).set(w.auth).expect(404);
  });

  it('a workspace holds at most 100 environments', async () => {
    const w = await workspaceWithOwner(t); // dev and prod
    await seed(async (tx, now) => {
      for (const name of names('env-', 97)) {
        await tx.environments.save({
          id: randomUUID(),
          workspaceId: w.workspaceId,
          name,
          status: 'active',
          createdAt: now,
        });
      }
    });
    const environments = `/v1/workspaces/${w.workspaceId}/environments`;
    await t.http.post(environments).set(w.auth).send({ name: 'hundredth' }).expect(201);
    expectLimitReached(
      await t.http.post(environments).set(w.auth).send({ name: 'one-too-many' }),
      '100 environments per workspace',
    );
    const listed = await t.http.get(environments).set(w.auth).expect(200);
    expect(listed.body.environments).toHaveLength(100);
    expect(listed.body.environments.map((e: { name: string }) => e.name)).not.toContain('one-too-many');
  });

  it('a workspace holds at most 100 M2M clients', async () => {
    const w = await workspaceWithOwner(t);
    await seed(async (tx, now) => {
      for (const name of names('client ', 100)) {
        await tx.m2mClients.save({
          id: randomUUID(),
          workspaceId: w.workspaceId,
          name,
          secretHash: 'h',
          scopes: [],
          createdAt: now,
        });
      }
    });
    const clients = `/v1/workspaces/${w.workspaceId}/m2m/clients`;
    expectLimitReached(
      await t.http.post(clients).set(w.auth).send({ name: 'one too many', scopes: [] }),
      '100 M2M clients per workspace',
    );
    const listed = await t.http.get(clients).set(w.auth).expect(200);
    expect(listed.body.clients).toHaveLength(100);
    expect(listed.body.clients.map((c: { name: string }) => c.name)).not.toContain('one too many');
  });
});
