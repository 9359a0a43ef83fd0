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

  it("sends a transaction's statements made at once to its connection one at a time, each with its own answer", async () => {
    const database = await openDatabase({ databaseUrl: url(), dataDir: '/nonexistent', poolSize: 2 });
    try {
      let active = 0;
      let most = 0;
      const answers = await database.executor.transaction(async (manager) => {
        // The transaction's own node-postgres client: how many of its queries run at once.
        const client = (
          manager.queryRunner as unknown as {
            databaseConnection: { query: (...args: unknown[]) => Promise<unknown> };
          }
        ).databaseConnection;
        const query = client.query.bind(client);
        client.query = (...args: unknown[]) => {
          active += 1;
          most = Math.max(most, active);
          return query(...args).finally(() => {
            active -= 1;
          });
        };
        return Promise.all([
          manager.query('SELECT 1 AS n, pg_sleep(0.02)'),
          manager.query('SELECT 2 AS n'),
          manager.query('SELECT 3 AS n'),
        ]);
      });
      expect(most).toBe(1);
      expect(answers[0]).toEqual([{ n: 1, pg_sleep: '' }]);
      expect(answers[1]).toEqual([{ n: 2 }]);
      expect(answers[2]).toEqual([{ n: 3 }]);
    } finally {
      await database.close();
    }
  });
});
