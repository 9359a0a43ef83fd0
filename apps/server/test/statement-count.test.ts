import { organizationWithOwner } from './support/api';
import { seedMembers } from './support/members';
import { StatementCounter } from './support/statement-counter';
import { TcpProxy } from './support/tcp-proxy';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/*
 * A list route runs the same number of SQL statements whatever the length of
 * the list: no statement per row (N+1). The server reaches its PostgreSQL
 * database through a proxy that counts the statements on the wire, so the
 * count is what the database runs, not what the code believes it asks for.
 */
const postgres = process.env.TEST_DATABASE_URL;
const maybe = postgres ? describe : describe.skip;

maybe('SQL statements per request on PostgreSQL', () => {
  const counter = new StatementCounter();
  let proxy: TcpProxy;
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer('postgres', {}, [], {
      reachDatabase: async (url) => {
        const target = new URL(url);
        proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432), counter);
        target.host = `127.0.0.1:${proxy.listeningPort}`;
        return target.toString();
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.down();
  });

  /** Statements run while serving one request (the suite's requests run one at a time). */
  async function statementsOf(request: () => PromiseLike<unknown>): Promise<number> {
    const before = counter.count;
    await request();
    return counter.count - before;
  }

  /** Smallest count over a few runs: a first request may warm a cache (verified tokens). */
  async function steadyStatementsOf(request: () => PromiseLike<unknown>): Promise<number> {
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push(await statementsOf(request));
    return Math.min(...counts);
  }

  it('lists 200 members with no more statements than 2', async () => {
    const small = await workspaceWithOwner(t);
    const large = await workspaceWithOwner(t);
    await seedMembers(t, { type: 'workspace', id: small.workspaceId }, 2);
    await seedMembers(t, { type: 'workspace', id: large.workspaceId }, 200);
    const list = (w: typeof small) => () =>
      t.http.get(`/v1/scopes/workspace/${w.workspaceId}/members?limit=200`).set(w.auth).expect(200);

    const few = await steadyStatementsOf(list(small));
    const many = await steadyStatementsOf(list(large));
    const body = (await list(large)()).body as { memberships: unknown[] };
    expect(body.memberships).toHaveLength(200);
    expect(few).toBeGreaterThan(0);
    expect(many).toBeLessThanOrEqual(few);
  });

  it('lists 40 secrets, and their 40 audit events, with no more statements than 2', async () => {
    const small = await workspaceWithOwner(t);
    const large = await workspaceWithOwner(t);
    const put = (w: typeof small, count: number) => async () => {
      for (let i = 0; i < count; i++) {
        await t.http
          .put(`/v1/workspaces/${w.workspaceId}/secrets/KEY_${i}`)
          .set(w.auth)
          .send({ value: `value-${i}` })
          .expect((res) => expect([200, 201]).toContain(res.status));
      }
    };
    await put(small, 2)();
    await put(large, 40)();

    const secrets = (w: typeof small) => () =>
      t.http.get(`/v1/workspaces/${w.workspaceId}/secrets`).set(w.auth).expect(200);
    expect((await secrets(large)()).body.secrets).toHaveLength(40);
    expect(await steadyStatementsOf(secrets(large))).toBeLessThanOrEqual(
      await steadyStatementsOf(secrets(small)),
    );

    const audit = (w: typeof small) => () =>
      t.http.get(`/v1/workspaces/${w.workspaceId}/audit?limit=200`).set(w.auth).expect(200);
    expect((await audit(large)()).body.events.length).toBeGreaterThanOrEqual(40);
    expect(await steadyStatementsOf(audit(large))).toBeLessThanOrEqual(
      await steadyStatementsOf(audit(small)),
    );
  });

  it('lists 30 flags with no more statements than 2', async () => {
    const small = await workspaceWithOwner(t);
    const large = await workspaceWithOwner(t);
    const put = async (w: typeof small, count: number) => {
      for (let i = 0; i < count; i++) {
        await t.http
          .put(`/v1/workspaces/${w.workspaceId}/flags/flag-${i}`)
          .set(w.auth)
          .send({ value: i })
          .expect((res) => expect([200, 201]).toContain(res.status));
      }
    };
    await put(small, 2);
    await put(large, 30);
    const flags = (w: typeof small) => () =>
      t.http.get(`/v1/workspaces/${w.workspaceId}/flags`).set(w.auth).expect(200);
    expect((await flags(large)()).body.flags).toHaveLength(30);
    expect(await steadyStatementsOf(flags(large))).toBeLessThanOrEqual(
      await steadyStatementsOf(flags(small)),
    );
  });

  it('signs in with four statements: both rate-limit hits reserved in one, given back in one', async () => {
    const owner = await organizationWithOwner(t);
    const signIn = () =>
      t.http.post('/v1/auth/token').send({ email: owner.email, password: owner.password }).expect(200);
    await signIn();
    const from = counter.texts.length;
    // Reserve a hit per address and per email, read the user, give both hits
    // back (the password was right), then one batch of writes.
    expect(await statementsOf(signIn)).toBe(4);
    const texts = counter.texts.slice(from);
    expect(texts.filter((text) => /gf_rate_limit_consume_all/.test(text))).toHaveLength(1);
    expect(texts.filter((text) => /^DELETE FROM rate_limit_hits/.test(text))).toHaveLength(1);
  });

  it('parses none of a sign-in’s statements once it has been seen: they are named, planned once per connection', async () => {
    const owner = await organizationWithOwner(t);
    const signIn = () =>
      t.http.post('/v1/auth/token').send({ email: owner.email, password: owner.password }).expect(200);
    // Named from a text's second sighting; each pooled connection then prepares its own copy.
    for (let i = 0; i < 12; i++) await signIn();
    const parsesBefore = counter.parses;
    expect(await statementsOf(signIn)).toBe(4);
    expect(counter.parses - parsesBefore).toBe(0);
  });
});
