import {
  createThrowawayDatabase,
  type Database,
  openDatabase,
  type ThrowawayDatabase,
} from '@groundfloor/persistence-typeorm';
import type { QueryRunner } from 'typeorm';
import { StatementNames } from '../src/prepared-statements';

describe('which statements are named', () => {
  const text = 'SELECT id FROM users WHERE email = $1';

  it('names a text with parameters from its second sighting on, always with the same name', () => {
    const names = new StatementNames();
    expect(names.nameOf(text, 1)).toBeUndefined();
    const name = names.nameOf(text, 1);
    expect(name).toMatch(/^gf_[0-9a-f]{24}$/);
    expect(names.nameOf(text, 1)).toBe(name);
    expect(names.nameOf('SELECT id FROM users WHERE id = $1', 1)).toBeUndefined();
  });

  it('never names a text without parameters, nor one with *', () => {
    const names = new StatementNames({ after: 1 });
    expect(names.nameOf('SELECT 1', 0)).toBeUndefined();
    expect(names.nameOf('SELECT * FROM users WHERE id = $1', 1)).toBeUndefined();
    expect(names.nameOf('SELECT count(*) FROM users WHERE id = $1', 1)).toBeUndefined();
    expect(names.nameOf('INSERT INTO t (a) VALUES ($1) RETURNING *', 1)).toBeUndefined();
  });

  it('names no more than its limit of texts', () => {
    const names = new StatementNames({ after: 1, limit: 2 });
    expect(names.nameOf('SELECT a FROM t WHERE id = $1', 1)).toBeDefined();
    expect(names.nameOf('SELECT b FROM t WHERE id = $1', 1)).toBeDefined();
    expect(names.nameOf('SELECT c FROM t WHERE id = $1', 1)).toBeUndefined();
    // Those already named keep their names.
    expect(names.nameOf('SELECT a FROM t WHERE id = $1', 1)).toBeDefined();
  });

  it('sends a refused text unnamed from then on, and everything once turned off', () => {
    const reasons: string[] = [];
    const names = new StatementNames({ after: 1, onTurnedOff: (reason) => reasons.push(reason) });
    expect(names.nameOf(text, 1)).toBeDefined();
    names.refuse(text);
    expect(names.nameOf(text, 1)).toBeUndefined();
    const other = 'SELECT id FROM users WHERE id = $1';
    expect(names.nameOf(other, 1)).toBeDefined();
    names.turnOff('because');
    names.turnOff('again');
    expect(names.nameOf(other, 1)).toBeUndefined();
    expect(names.preparing).toBe(false);
    expect(reasons).toEqual(['because']);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

/** The same behaviour on both engines: PGlite (one session shared by every client) and PostgreSQL. */
const engines: [
  string,
  () => Promise<{ open: (prepared?: boolean) => Promise<Database>; end: () => Promise<void> }>,
][] = [
  [
    'PGlite',
    async () => ({
      open: (prepared) => openDatabase({ dataDir: ':memory:', preparedStatements: prepared }),
      end: async () => {},
    }),
  ],
];
if (adminUrl) {
  engines.push([
    'PostgreSQL',
    async () => {
      const throwaways: ThrowawayDatabase[] = [];
      return {
        open: async (prepared) => {
          const throwaway = await createThrowawayDatabase(adminUrl);
          throwaways.push(throwaway);
          return openDatabase({
            databaseUrl: throwaway.url,
            dataDir: '/nonexistent',
            poolSize: 4,
            preparedStatements: prepared,
          });
        },
        end: async () => {
          await Promise.all(throwaways.map((t) => t.drop()));
        },
      };
    },
  ]);
}

// One database for the suite (opening PGlite takes seconds), turned off by the last test.
describe.each(engines)('named statements on %s', (_engine, engine) => {
  let env: Awaited<ReturnType<typeof engine>>;
  let db: Database;
  const opened: Database[] = [];
  const open = async (prepared?: boolean) => {
    const database = await env.open(prepared);
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    env = await engine();
    db = await open();
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await env.end();
  });

  /** One connection (PostgreSQL) or the session (PGlite), and the statements prepared on it. */
  const onOneConnection = async <T>(db: Database, work: (runner: QueryRunner) => Promise<T>): Promise<T> => {
    const runner = db.dataSource.createQueryRunner();
    await runner.connect();
    try {
      return await work(runner);
    } finally {
      await runner.release();
    }
  };
  const prepared = async (runner: QueryRunner, text: string): Promise<number> =>
    (
      await runner.query('SELECT count(name)::int AS n FROM pg_prepared_statements WHERE statement = $1', [
        text,
      ])
    )[0].n;
  const lookup = 'SELECT relname FROM pg_class WHERE relname = $1';

  it('prepares a statement the second time it is sent, and answers the same from the kept plan', async () => {
    await onOneConnection(db, async (runner) => {
      expect(await runner.query(lookup, ['users'])).toEqual([{ relname: 'users' }]);
      expect(await prepared(runner, lookup)).toBe(0);
      expect(await runner.query(lookup, ['users'])).toEqual([{ relname: 'users' }]);
      expect(await prepared(runner, lookup)).toBe(1);
      expect(await runner.query(lookup, ['memberships'])).toEqual([{ relname: 'memberships' }]);
      expect(await runner.query(lookup, ['nothing-by-this-name'])).toEqual([]);
      expect(await prepared(runner, lookup)).toBe(1);
    });
  });

  it('plans every execution for its own parameters, never from a kept generic plan', async () => {
    // A generic plan made while a table was small would scan it whole once it has grown.
    await db.dataSource.query('CREATE TABLE gf_plan_probe (id int PRIMARY KEY, label text)');
    const read = 'SELECT label FROM gf_plan_probe WHERE id = $1';
    await onOneConnection(db, async (runner) => {
      for (let i = 0; i < 8; i++) await runner.query(read, [i]);
      await runner.query('INSERT INTO gf_plan_probe SELECT g, g::text FROM generate_series(1, 5000) g');
      expect(await runner.query(read, [4321])).toEqual([{ label: '4321' }]);
      const [plans] = await runner.query(
        'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1',
        [read],
      );
      expect(plans).toEqual({ generic: 0, custom: 8 });
    });
  });

  it('serves many clients sending one text at once, each with its own copy', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => db.dataSource.query(lookup, [i % 2 ? 'users' : 'sessions'])),
    );
    expect(answers.map((rows) => rows[0].relname)).toEqual(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? 'users' : 'sessions')),
    );
  });

  it('prepares nothing when told not to', async () => {
    const off = await open(false);
    await onOneConnection(off, async (runner) => {
      for (let i = 0; i < 3; i++) await runner.query(lookup, ['users']);
      expect(await prepared(runner, lookup)).toBe(0);
    });
  });

  it('sends a statement unnamed again once its kept plan no longer fits the table, after one failure', async () => {
    await db.dataSource.query('CREATE TABLE gf_prepared_probe (id int PRIMARY KEY, label text)');
    await db.dataSource.query("INSERT INTO gf_prepared_probe VALUES (1, 'one')");
    const read = 'SELECT id, label FROM gf_prepared_probe WHERE id = $1';
    await onOneConnection(db, async (runner) => {
      await runner.query(read, [1]);
      await runner.query(read, [1]);
      expect(await prepared(runner, read)).toBe(1);
      await runner.query('ALTER TABLE gf_prepared_probe ALTER COLUMN label TYPE varchar(20)');
      // PostgreSQL will not change a kept plan's result type: this one fails…
      await expect(runner.query(read, [1])).rejects.toMatchObject({ code: '0A000' });
      // …and from then on the text goes unnamed, and answers.
      expect(await runner.query(read, [1])).toEqual([{ id: 1, label: 'one' }]);
    });
  });

  // Last: it turns naming off for the suite's database.
  it('turns naming off when the connection has lost its statements (a pooler in transaction mode)', async () => {
    await onOneConnection(db, async (runner) => {
      await runner.query(lookup, ['users']);
      await runner.query(lookup, ['users']);
      // PGlite's one session also holds the other clients' copies.
      expect(await prepared(runner, lookup)).toBeGreaterThanOrEqual(1);
      await runner.query('DEALLOCATE ALL');
      await expect(runner.query(lookup, ['users'])).rejects.toMatchObject({ code: '26000' });
      expect(await runner.query(lookup, ['users'])).toEqual([{ relname: 'users' }]);
      const other = 'SELECT relname FROM pg_class WHERE relname = $1 AND relkind = $2';
      for (let i = 0; i < 3; i++) await runner.query(other, ['users', 'r']);
      expect(await prepared(runner, other)).toBe(0);
    });
  });
});
