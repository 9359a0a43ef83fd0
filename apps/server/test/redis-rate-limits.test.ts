import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@groundfloor/persistence-typeorm';
import { openRedis } from '@groundfloor/rate-limiter-redis';
import pino from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

/*
 * Supplement §11 with REDIS_URL: two replicas on one database count sign-in
 * failures in Redis, and the limit holds exactly across them: of twenty
 * wrong passwords for one email, sent to both at once, ten are evaluated.
 */
const postgres = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const maybe = postgres && redisUrl ? describe : describe.skip;
const OPERATOR = 'test-operator-token-0123456789';

maybe('rate limits in Redis across two replicas', () => {
  let database: ThrowawayDatabase;
  const replicas: RunningServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase(postgres as string);
    const masterKey = randomBytes(32).toString('base64');
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-redis-'));
      dirs.push(dataDir);
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl as string,
        KMS_MASTER_KEY: masterKey,
        OPERATOR_TOKEN: OPERATOR,
        LOG_LEVEL: 'silent',
      });
      replicas.push(await startServer(config, pino({ level: 'silent' }), { startWorkers: false }));
    }
  });

  afterAll(async () => {
    for (const r of replicas) await r.close();
    await database?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('evaluates at most 10 of 20 concurrent wrong passwords sent to two replicas', async () => {
    const [a, b] = replicas.map((r) => supertest(r.url)) as [supertest.Agent, supertest.Agent];
    const email = `redis-${Date.now()}@example.test`;
    await a
      .post('/v1/operator/organizations')
      .set('Authorization', `Bearer ${OPERATOR}`)
      .send({ name: 'Redis', owner_email: email, owner_password: 'the-right-password' })
      .expect(201);

    const attempts = Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? a : b).post('/v1/auth/token').send({ email, password: `wrong-password-${i}` }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);

    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // The counters are in Redis, where the ten evaluated failures are the ten hits.
    const redis = await openRedis(redisUrl as string);
    try {
      expect(await redis.zcard(`gf:rate:signin:${email}`)).toBe(10);
    } finally {
      await redis.quit();
    }
  });

  it('is ready while both the database and Redis answer', async () => {
    for (const r of replicas) await supertest(r.url).get('/readyz').expect(200);
  });
});
