import { CoderunnerUpstream } from '@groundfloor/testkit';
import { userIdOf } from './support/seed';
import { type AppSeeder, appSeeder } from './support/seed-apps';
import { startTestServer, type TestServer } from './support/test-server';
import { codeZip } from './support/upstreams';
import { workspaceWithOwner } from './support/workspace';

/*
 * Supplement §13: what the proxy answers when the code-execution service
 * refuses (4xx, passed through with its message), fails (5xx: 502), cannot
 * be reached (502), does not answer in time (504), or is not configured
 * (503). The time-out is 1 second here (CODERUNNER_TIMEOUT_MS); a hanging
 * upstream is never waited on for the real 30 seconds.
 */

// How upstream failures read does not depend on the database: the embedded one is enough
// (the steps' records are covered on every database by coderunner-proxy.http.test.ts).
describe.each(['pglite'] as const)('code-execution upstream failures on %s', (kind) => {
  let upstream: CoderunnerUpstream;
  let t: TestServer;
  let home: Awaited<ReturnType<typeof workspaceWithOwner>>;
  let apps: AppSeeder;

  beforeAll(async () => {
    upstream = await CoderunnerUpstream.started();
    t = await startTestServer(kind, { CODERUNNER_URL: upstream.url, CODERUNNER_TIMEOUT_MS: '1000' });
    home = await workspaceWithOwner(t);
    apps = await appSeeder(t, await userIdOf(t, home.owner.email), home.workspaceId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  const definition = { name: 'Job', deploymentType: 2, languageType: 2 };
  const base = (slug: string) => `/v1/workspaces/${home.workspaceId}/apps/${slug}/coderunner`;
  const createDefinition = async () => {
    const app = await apps.standaloneApp();
    return {
      app,
      res: await t.http
        .post(`${base(app.slug)}/definition`)
        .set(home.auth)
        .send(definition),
    };
  };

  it.each([
    [400, 'coderunner_bad_request'],
    [403, 'coderunner_forbidden'],
    [404, 'coderunner_not_found'],
    [409, 'coderunner_conflict'],
    [410, 'coderunner_gone'],
    [413, 'coderunner_too_large'],
    [422, 'coderunner_unprocessable'],
  ])('passes an upstream %i through with its status and message', async (status, code) => {
    upstream.misbehaveNext('POST /api/definitions', {
      status,
      body: { success: false, message: `upstream says ${status}`, data: null },
    });
    const { res } = await createDefinition();
    expect([res.status, res.body.code, res.body.detail]).toEqual([status, code, `upstream says ${status}`]);
  });

  it('passes a 429 through with its Retry-After', async () => {
    upstream.misbehaveNext('POST /api/definitions', {
      status: 429,
      headers: { 'retry-after': '7' },
      body: { success: false, message: 'slow down', data: null },
    });
    const { res } = await createDefinition();
    expect([res.status, res.body.code, res.headers['retry-after']]).toEqual([
      429,
      'coderunner_rate_limited',
      '7',
    ]);
  });

  it('records nothing when the upstream refuses', async () => {
    upstream.misbehaveNext('POST /api/definitions', { status: 422, body: { success: false, message: 'no' } });
    const { app } = await createDefinition();
    const read = await t.http
      .get(`/v1/workspaces/${home.workspaceId}/apps/${app.id}`)
      .set(home.auth)
      .expect(200);
    expect(read.body.manifest).toEqual({});
  });

  it.each([500, 502, 503])('answers 502 for an upstream %i', async (status) => {
    upstream.misbehaveNext('POST /api/definitions', { status, text: 'stack trace at line 12' });
    const { res } = await createDefinition();
    expect([res.status, res.body.code]).toEqual([502, 'coderunner_unavailable']);
    expect(res.body.detail).not.toContain('stack trace');
  });

  // Supplement §13: every upstream 4xx is passed through, those without a name of their own as coderunner_rejected.
  it.each([401, 405, 408, 415, 418])(
    'passes an upstream %i through with its status and message, as coderunner_rejected',
    async (status) => {
      upstream.misbehaveNext('POST /api/definitions', {
        status,
        body: { message: `upstream says ${status}` },
      });
      const { res } = await createDefinition();
      expect([res.status, res.body.code, res.body.detail, res.body.status]).toEqual([
        status,
        'coderunner_rejected',
        `upstream says ${status}`,
        status,
      ]);
      expect(res.body.title).not.toBe('Error');
    },
  );

  // A 407 asks for the credentials of a proxy on the way: the service was not reached. Node's
  // fetch reports it as a network error (Fetch standard), so it reads as unreachable.
  it('answers 502 for a 407 from a proxy on the way', async () => {
    upstream.misbehaveNext('POST /api/definitions', { status: 407, body: { message: 'proxy login' } });
    const { res } = await createDefinition();
    expect([res.status, res.body.code]).toEqual([502, 'coderunner_unavailable']);
  });

  it('passes a 4xx through at a workload step too', async () => {
    const workload = await t.http
      .post(`/v1/workspaces/${home.workspaceId}/coderunners`)
      .set(home.auth)
      .send({ name: 'runner', kind: 'job' })
      .expect(201);
    upstream.misbehaveNext('GET /api/version/*', { status: 405, body: { message: 'no such method' } });
    const res = await t.http
      .post(`/v1/workspaces/${home.workspaceId}/coderunners/${workload.body.id}/deploy`)
      .set(home.auth)
      .send({ version_id: 'v-1' });
    expect([res.status, res.body.code, res.body.detail]).toEqual([
      405,
      'coderunner_rejected',
      'no such method',
    ]);
  });

  it('answers 502 for a 2xx that is not the envelope', async () => {
    upstream.misbehaveNext('POST /api/definitions', { status: 200, text: '<html>proxy login</html>' });
    const { res } = await createDefinition();
    expect([res.status, res.body.code]).toEqual([502, 'coderunner_invalid_answer']);
  });

  it('answers 504 when the upstream does not answer in time, at any step', async () => {
    upstream.misbehaveNext('POST /api/definitions', { hang: true });
    const { res } = await createDefinition();
    expect([res.status, res.body.code]).toEqual([504, 'coderunner_timeout']);

    const { app } = await createDefinition();
    upstream.misbehaveNext('POST /api/file/*', { hang: true });
    const upload = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .attach('file', codeZip(), 'c.zip');
    expect([upload.status, upload.body.code]).toEqual([504, 'coderunner_timeout']);
  });

  it('waits for a slow upstream that answers within the time-out', async () => {
    upstream.misbehaveNext('POST /api/definitions', { delayMs: 300 });
    const { res } = await createDefinition();
    expect(res.status).toBe(200);
  });

  it('passes a refusal through at every step', async () => {
    const { app } = await createDefinition();
    const path = base(app.slug);
    const refuse = (route: string) =>
      upstream.misbehaveNext(route, { status: 409, body: { success: false, message: `no: ${route}` } });
    refuse('POST /api/file/*');
    const upload = await t.http.post(`${path}/upload`).set(home.auth).attach('file', codeZip(), 'c.zip');
    expect([upload.status, upload.body.detail]).toEqual([409, 'no: POST /api/file/*']);
    const version = (
      await t.http.post(`${path}/upload`).set(home.auth).attach('file', codeZip(), 'c.zip').expect(200)
    ).body.data.versionId as string;
    refuse('GET /api/version/definition');
    expect((await t.http.get(`${path}/versions`).set(home.auth)).status).toBe(409);
    refuse(`GET /api/version/${version}`);
    expect((await t.http.get(`${path}/versions/${version}`).set(home.auth)).status).toBe(409);
    refuse('POST /api/deployment/create');
    expect((await t.http.post(`${path}/deploy`).set(home.auth)).status).toBe(409);
    await t.http.post(`${path}/deploy`).set(home.auth).expect(200);
    refuse('GET /api/deployment/*');
    expect((await t.http.post(`${path}/run`).set(home.auth)).status).toBe(409);
    refuse('POST /invoke/*');
    expect((await t.http.post(`${path}/run`).set(home.auth)).status).toBe(409);
    refuse(`DELETE /api/version/${version}`);
    expect((await t.http.delete(`${path}/versions/${version}`).set(home.auth)).status).toBe(409);
  });

  it('a version unknown upstream is its 404, with its message', async () => {
    const { app } = await createDefinition();
    const res = await t.http
      .get(`${base(app.slug)}/versions/nope-1`)
      .set(home.auth)
      .expect(404);
    expect([res.body.code, res.body.detail]).toEqual(['coderunner_not_found', 'Version not found']);
  });
});

describe.each(['pglite'] as const)('code-execution service unreachable or not configured on %s', (kind) => {
  let unreachable: TestServer;
  let unconfigured: TestServer;

  beforeAll(async () => {
    // A port where nothing listens any more.
    const gone = await CoderunnerUpstream.started();
    const url = gone.url;
    await gone.close();
    unreachable = await startTestServer(kind, { CODERUNNER_URL: url });
    unconfigured = await startTestServer(kind);
  }, 120_000);
  afterAll(async () => {
    await unreachable?.close();
    await unconfigured?.close();
  });

  /** A workspace with its owner, a standalone app and a service workload: the proxy's and the workloads' base paths. */
  const proxyTargets = async (t: TestServer) => {
    const home = await workspaceWithOwner(t);
    const seeded = await appSeeder(t, await userIdOf(t, home.owner.email), home.workspaceId);
    const app = await seeded.standaloneApp();
    const workload = await t.http
      .post(`/v1/workspaces/${home.workspaceId}/coderunners`)
      .set(home.auth)
      .send({ name: 'runner', kind: 'service' })
      .expect(201);
    return {
      home,
      path: `/v1/workspaces/${home.workspaceId}/apps/${app.slug}/coderunner`,
      ws: `/v1/workspaces/${home.workspaceId}/coderunners/${workload.body.id}`,
    };
  };

  const tryEverything = async (t: TestServer) => {
    const { home, path, ws } = await proxyTargets(t);
    const answers = [
      await t.http
        .post(`${path}/definition`)
        .set(home.auth)
        .send({ name: 'x', deploymentType: 1, languageType: 1 }),
      await t.http.get(`${path}/versions/v-1`).set(home.auth),
      await t.http.delete(`${path}/versions/v-1`).set(home.auth),
      await t.http.post(`${path}/deploy`).set(home.auth).send({ VersionId: 'v-1' }),
      await t.http.post(`${ws}/deploy`).set(home.auth).send({ version_id: 'v-1' }),
      await t.http.post(`${ws}/run?version_id=v-1`).set(home.auth).send({ hello: 'world' }),
    ];
    return answers.map((res) => `${res.status} ${res.body.code}`);
  };

  /** Steps that, with a service but nothing recorded yet, would answer 409 about the missing ids. */
  const tryBeforeAnyId = async (t: TestServer) => {
    const { home, path, ws } = await proxyTargets(t);
    const answers = [
      await t.http.post(`${path}/upload`).set(home.auth).attach('file', codeZip(), 'c.zip'),
      await t.http.get(`${path}/versions`).set(home.auth),
      await t.http.post(`${path}/deploy`).set(home.auth).send({}),
      await t.http.post(`${path}/run`).set(home.auth).send({}),
      await t.http.post(`${ws}/run`).set(home.auth).send({}),
    ];
    return answers.map((res) => `${res.status} ${res.body.code}`);
  };

  it('answers 502 at every step when the service cannot be reached', async () => {
    expect(new Set(await tryEverything(unreachable))).toEqual(new Set(['502 coderunner_unavailable']));
  });

  it('answers 503 coderunner_not_configured at every step without CODERUNNER_URL', async () => {
    expect(new Set(await tryEverything(unconfigured))).toEqual(new Set(['503 coderunner_not_configured']));
  });

  it('answers 503 without CODERUNNER_URL before any refusal about ids not recorded yet', async () => {
    expect(new Set(await tryBeforeAnyId(unconfigured))).toEqual(new Set(['503 coderunner_not_configured']));
    // With a service (here an unreachable one) the same requests are refused for the missing ids.
    expect(await tryBeforeAnyId(unreachable)).toEqual([
      '409 coderunner_no_definition',
      '409 coderunner_no_definition',
      '409 coderunner_no_version',
      '409 coderunner_not_deployed',
      '409 coderunner_not_deployed',
    ]);
  });
});
