import type { RateLimit } from '@groundfloor/domain';
import {
  createThrowawayDatabase,
  MIGRATIONS,
  openDatabase,
  type ThrowawayDatabase,
} from '@groundfloor/persistence-typeorm';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('PostgreSQL as shared by several processes', () => {
  let throwaway: ThrowawayDatabase | undefined;
  const url = () => {
    if (!throwaway) throw new Error('the throwaway database was not created');
    return throwaway.url;
  };

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(adminUrl as string);
  });
  afterAll(async () => {
    await throwaway?.drop();
  });

  it('migrates once when two processes start together', async () => {
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 2 }),
      openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 2 }),
    ]);
    try {
      expect([...a.appliedMigrations, ...b.appliedMigrations]).toEqual(MIGRATIONS.map((M) => new M().name));
      expect(a.kind).toBe('postgres');
      await expect(a.ping()).resolves.toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('shares rate limits between processes', async () => {
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 4 }),
      openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 4 }),
    ]);
    try {
      const limit: RateLimit = { key: 'signin:shared@example.test', limit: 10, windowSeconds: 600 };
      const decisions = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).rateLimiter.hit(limit)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect((await a.rateLimiter.check(limit)).allowed).toBe(false);
      expect((await b.rateLimiter.check(limit)).allowed).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('admits exactly the limit of consumes made from two processes at once', async () => {
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 4 }),
      openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 4 }),
    ]);
    try {
      const limit: RateLimit = { key: 'signin:consumed@example.test', limit: 10, windowSeconds: 600 };
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).rateLimiter.consume(limit)),
      );
      const admitted = results.flatMap((r) => (r.allowed ? [r.hit] : []));
      expect(admitted).toHaveLength(10);
      // A hit consumed in one process is given back by the other.
      await b.rateLimiter.refund(admitted[0] as (typeof admitted)[number]);
      expect((await a.rateLimiter.consume(limit)).allowed).toBe(true);
      expect((await a.rateLimiter.consume(limit)).allowed).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('reports a database that does not answer', async () => {
    const database = await openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 1 });
    try {
      let release = () => {};
      let started = () => {};
      const holding = new Promise<void>((resolve) => {
        started = resolve;
      });
      const held = database.uow.transaction(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            started();
          }),
      );
      await holding;
      // The only connection is busy, so the ping cannot get one in time.
      await expect(database.ping(100)).rejects.toThrow('did not answer');
      release();
      await held;
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
