import { CoderunnerUpstream, ModelGatewayUpstream } from '@groundfloor/testkit';
import { bearer, organizationWithOwner, uniqueEmail } from './support/api';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/** A scrape of `/metrics`: the value of one sample, by name and labels (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe.each(CONCURRENT_DATABASES)('metrics on %s', (kind) => {
  let t: TestServer;
  let coderunner: CoderunnerUpstream;
  let gateway: ModelGatewayUpstream;
  const scrape = async () => {
    const url = t.running.metricsUrl;
    if (!url) throw new Error('metrics are off');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  beforeAll(async () => {
    coderunner = await CoderunnerUpstream.started();
    gateway = await ModelGatewayUpstream.started('sk-metrics-master');
    t = await startTestServer(kind, {
      METRICS_PORT: '0',
      CODERUNNER_URL: coderunner.url,
      LLM_GATEWAY_URL: gateway.url,
      LLM_GATEWAY_MASTER_KEY: 'sk-metrics-master',
    });
  });
  afterAll(async () => {
    await t.close();
    await coderunner.close();
    await gateway.close();
  });

  it('serves /metrics on a port of its own, not on the API', async () => {
    expect(t.running.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(t.running.metricsUrl as string).port).not.toBe(new URL(t.running.url).port);
    await t.http.get('/metrics').expect(404);
    expect(sample(await scrape(), 'groundfloor_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times requests by route template and status, never by raw path', async () => {
    const owner = await organizationWithOwner(t);
    const route = '/v1/organizations/:organization_id';
    const before = sample(await scrape(), 'groundfloor_http_request_duration_seconds_count', {
      route,
      status: '200',
    });
    await t.http.get(`/v1/organizations/${owner.organizationId}`).set(bearer(owner.token)).expect(200);
    await t.http.get(`/v1/organizations/${owner.organizationId}`).set(bearer(owner.token)).expect(200);
    await t.http.get('/v1/no-such-route').expect(404);
    const text = await scrape();
    expect(
      sample(text, 'groundfloor_http_request_duration_seconds_count', {
        route,
        status: '200',
        method: 'GET',
      }),
    ).toBe(before + 2);
    expect(
      sample(text, 'groundfloor_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(owner.organizationId);
  });

  it('counts rate-limit refusals by limit family, never by key', async () => {
    const owner = await organizationWithOwner(t);
    const before = sample(await scrape(), 'groundfloor_rate_limit_refusals_total', { limit: 'signin' });
    for (let i = 0; i < 11; i++) {
      await t.http.post('/v1/auth/token').send({ email: owner.email, password: `wrong-${i}-password` });
    }
    const text = await scrape();
    expect(sample(text, 'groundfloor_rate_limit_refusals_total', { limit: 'signin' })).toBeGreaterThanOrEqual(
      before + 1,
    );
    expect(text).not.toContain(owner.email);
  });

  it('counts email results and reports the outbox', async () => {
    const owner = await organizationWithOwner(t);
    const before = sample(await scrape(), 'groundfloor_mail_deliveries_total', { result: 'sent' });
    await t.http
      .post(`/v1/scopes/account/${owner.organizationId}/members`)
      .set(bearer(owner.token))
      .send({ email: uniqueEmail('metrics'), role: 'member' })
      .expect(201);
    const text = await scrape();
    expect(sample(text, 'groundfloor_mail_deliveries_total', { result: 'sent' })).toBe(before + 1);
    expect(text).toMatch(/^groundfloor_mail_outbox_pending \d+$/m);
    expect(text).toMatch(/^groundfloor_mail_outbox_oldest_age_seconds \d+(\.\d+)?$/m);
  });

  it('counts upstream calls without a usable answer, by upstream and reason', async () => {
    const home = await workspaceWithOwner(t);
    const app = await (
      await appSeeder(t, await userIdOf(t, home.owner.email), home.workspaceId)
    ).standaloneApp();
    const failures = (upstream: string, reason: string) =>
      scrape().then((text) => sample(text, 'groundfloor_upstream_failures_total', { upstream, reason }));
    const before = {
      coderunner: await failures('coderunner', 'server_error'),
      gateway: await failures('model_gateway', 'server_error'),
    };
    coderunner.misbehaveNext('POST /api/definitions', { status: 500, text: 'down' });
    await t.http
      .post(`/v1/workspaces/${home.workspaceId}/apps/${app.slug}/coderunner/definition`)
      .set(home.auth)
      .send({ name: 'fn', deploymentType: 1, languageType: 1 })
      .expect(502);
    gateway.misbehaveNext('GET /spend/logs', { status: 503, text: 'down' });
    await t.http.get(`/v1/workspaces/${home.workspaceId}/llm/usage`).set(home.auth).expect(200);
    expect(await failures('coderunner', 'server_error')).toBe(before.coderunner + 1);
    expect(await failures('model_gateway', 'server_error')).toBe(before.gateway + 1);
  });

  it('reports the PostgreSQL pool, and nothing for the embedded database', async () => {
    const text = await scrape();
    if (kind === 'postgres') {
      expect(sample(text, 'groundfloor_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      // Nothing is running: the scrape's own queries are not counted as waiting.
      expect(sample(text, 'groundfloor_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toMatch(/^groundfloor_db_pool_connections\{/m);
    }
  });
});

describe('metrics off (the default)', () => {
  it('opens no metrics port', async () => {
    const t = await startTestServer('pglite');
    try {
      expect(t.running.metricsUrl).toBeUndefined();
      await t.http.get('/metrics').expect(404);
    } finally {
      await t.close();
    }
  });
});
