import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Database, isDatabaseUnavailable, openDatabase } from '@groundfloor/persistence-typeorm';
import { Client } from 'pg';
import { EngineSocket } from '../src/pglite/engine-socket';
import { EngineThread } from '../src/pglite/engine-thread';

/** A pg client on the engine thread, as the data source builds one (the engine's one user and database). */
async function clientOn(engine: EngineThread): Promise<Client> {
  const client = new Client({
    user: 'postgres',
    database: 'postgres',
    stream: () => new EngineSocket(engine),
  } as ConstructorParameters<typeof Client>[0]);
  await client.connect();
  return client;
}

/** How many times the event loop turned while `work` ran. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  try {
    await work;
  } finally {
    done = true;
  }
  return turns;
}

describe('the embedded engine on a thread of its own', () => {
  let engine: EngineThread;
  let client: Client;

  beforeAll(async () => {
    engine = await EngineThread.open(null);
    client = await clientOn(engine);
  });

  afterAll(async () => {
    await client.end().catch(() => {});
    await engine.close();
  });

  it('answers queries over the wire protocol, with parameters and types as PostgreSQL', async () => {
    const { rows } = await client.query('SELECT $1::int + 1 AS n, $2::text AS t, now() AS at', [
      41,
      'héllo ✓',
    ]);
    expect(rows[0].n).toBe(42);
    expect(rows[0].t).toBe('héllo ✓');
    expect(rows[0].at).toBeInstanceOf(Date);
  });

  it('reports a failing statement with its SQLSTATE and keeps the session usable', async () => {
    await expect(client.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    await expect(client.query('SELECT 2 AS two')).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });

  it('keeps a transaction on its one session', async () => {
    await client.query('CREATE TABLE t (v int)');
    await client.query('BEGIN');
    await client.query('INSERT INTO t VALUES (1)');
    await client.query('ROLLBACK');
    expect((await client.query('SELECT count(*)::int AS c FROM t')).rows[0].c).toBe(0);
  });

  it('delivers notifications to listeners, payload intact', async () => {
    const heard: string[] = [];
    const unlisten = await engine.listen('gf_test', (payload) => heard.push(payload));
    await client.query(`SELECT pg_notify('gf_test', 'ünïcode ✓ payload')`);
    await client.query(`SELECT pg_notify('gf_other', 'not for us')`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['ünïcode ✓ payload']);
    await unlisten();
    await client.query(`SELECT pg_notify('gf_test', 'after')`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['ünïcode ✓ payload']);
  });

  it('leaves the server thread free while a statement runs', async () => {
    // In-process, the engine runs a statement synchronously: the loop does
    // not turn until it is done.
    const turns = await turnsDuring(client.query('SELECT count(*) FROM generate_series(1, 1500000)'));
    expect(turns).toBeGreaterThan(10);
  });
});

describe('clients sharing the engine thread', () => {
  let engine: EngineThread;
  beforeAll(async () => {
    engine = await EngineThread.open(null);
    const setUp = await clientOn(engine);
    await setUp.query('CREATE TABLE t (v int)');
    await setUp.end();
  });
  afterAll(async () => {
    await engine.close();
  });

  it('never run a statement inside another client’s transaction: it waits for the end of it', async () => {
    const [a, b] = [await clientOn(engine), await clientOn(engine)];
    try {
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (1)');
      let done = false;
      const other = b.query('INSERT INTO t VALUES (2)').then(() => {
        done = true;
      });
      await a.query('SELECT 1');
      expect(done).toBe(false);
      await a.query('ROLLBACK');
      await other;
      // Had it run inside the rolled-back transaction, there would be no row.
      expect((await b.query('SELECT array_agg(v) AS vs FROM t')).rows[0].vs).toEqual([2]);
    } finally {
      await a.query('DELETE FROM t');
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('roll back what a client left open when it hangs up, and let the others go on', async () => {
    const [a, b] = [await clientOn(engine), await clientOn(engine)];
    try {
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (3)');
      const other = b.query('SELECT count(*)::int AS c FROM t');
      await a.end();
      expect((await other).rows[0].c).toBe(0);
      expect((await b.query('SELECT count(*)::int AS c FROM t')).rows[0].c).toBe(0);
    } finally {
      await b.end();
    }
  });
});

describe('a stopped engine', () => {
  it('fails what is sent to it as an unavailable database, promptly', async () => {
    const engine = await EngineThread.open(null);
    const client = await clientOn(engine);
    client.on('error', () => {});
    await engine.close();
    const failure = await client.query('SELECT 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const again = await clientOn(engine).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(again)).toBe(true);
  });

  it('closes twice without failing', async () => {
    const engine = await EngineThread.open(null);
    await engine.close();
    await expect(engine.close()).resolves.toBeUndefined();
  });
});

describe('the engine thread and the life of the process', () => {
  const inProcess = async (script: string) => {
    const thread = join(__dirname, '../src/pglite/engine-thread.ts');
    const socket = join(__dirname, '../src/pglite/engine-socket.ts');
    const prelude = `const { EngineThread } = require(${JSON.stringify(thread)});
      const { EngineSocket } = require(${JSON.stringify(socket)});
      const { Client } = require('pg');`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', 'esbuild-register', '-e', `${prelude}\n${script}`],
      { timeout: 60_000 },
    );
    return stdout;
  };

  it('keeps a process alive for an answer, and lets it exit once idle', async () => {
    // A command that never closes the database: it still gets its answer
    // (the busy thread holds the process open) and then exits (the idle one
    // does not).
    const stdout = await inProcess(`
      EngineThread.open(null).then((engine) => setTimeout(() =>
        engine.listen('gf_x', () => {}).then(() => process.stdout.write('answered')), 20));`);
    expect(stdout).toBe('answered');
  });

  it('keeps a process alive while the engine closes, whatever was left to answer', async () => {
    // As a command does when it is done: its client ends (and hangs up), then the engine closes.
    const stdout = await inProcess(`
      EngineThread.open(null).then(async (engine) => {
        const client = new Client({ user: 'postgres', database: 'postgres', stream: () => new EngineSocket(engine) });
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        await engine.close();
        process.stdout.write('closed');
      });`);
    expect(stdout).toBe('closed');
  });

  it.each([
    ['ended', 'client.end();'],
    ['still connected', ''],
  ])('closes while a client (%s) holds the session inside a transaction', async (_, end) => {
    // A process told to stop mid-transaction: the transaction ends uncommitted with the engine.
    const stdout = await inProcess(`
      EngineThread.open(null).then(async (engine) => {
        const client = new Client({ user: 'postgres', database: 'postgres', stream: () => new EngineSocket(engine) });
        client.on('error', () => {});
        await client.connect();
        await client.query('BEGIN');
        ${end}
        await engine.close();
        process.stdout.write('closed');
      });`);
    expect(stdout).toBe('closed');
  });
});

describe('openDatabase on the embedded engine', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs the migrated schema on the engine thread', async () => {
    expect(database.kind).toBe('pglite');
    await expect(database.ping()).resolves.toBeUndefined();
    const turns = await turnsDuring(
      database.dataSource.query('SELECT count(*) FROM generate_series(1, 1500000)'),
    );
    expect(turns).toBeGreaterThan(10);
  });
});
