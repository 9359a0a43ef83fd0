import { ModelGatewayUpstream } from '@groundfloor/testkit';
import { operator } from './support/api';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/*
 * Spec: Model gateway; supplement §14. Against a LiteLLM-compatible admin
 * API on loopback: models, usage, and the virtual key's mint, rotation and
 * revocation. The key is shown once and is never stored, logged or audited.
 */

const MASTER_KEY = 'sk-master-test-0123456789';
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe.each(DATABASES)('model gateway on %s', (kind) => {
  let gateway: ModelGatewayUpstream;
  let t: TestServer;

  beforeAll(async () => {
    gateway = await ModelGatewayUpstream.started(MASTER_KEY);
    t = await startTestServer(kind, {
      LLM_GATEWAY_URL: gateway.url,
      LLM_GATEWAY_MASTER_KEY: MASTER_KEY,
      LLM_GATEWAY_TIMEOUT_MS: '1000',
      LLM_CU_PER_USD: '250',
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  const llm = (workspaceId: string) => `/v1/workspaces/${workspaceId}/llm`;

  describe('models', () => {
    it('lists the catalogue and a bring-your-own entry per workspace-wide provider key', async () => {
      const home = await workspaceWithOwner(t);
      const secrets = `/v1/workspaces/${home.workspaceId}/secrets`;
      await t.http
        .put(`${secrets}/OPENAI_API_KEY`)
        .set(home.auth)
        .send({ value: 'sk-openai-secret' })
        .expect(201);
      await t.http
        .put(`${secrets}/ANTHROPIC_API_KEY`)
        .set(home.auth)
        .send({ value: 'sk-ant-secret' })
        .expect(201);
      // Only workspace-wide secrets count: an environment's key adds nothing.
      await t.http
        .put(`${secrets}/MISTRAL_API_KEY?environment_id=${home.devId}`)
        .set(home.auth)
        .send({ value: 'mistral-secret' })
        .expect(201);

      const res = await t.http
        .get(`${llm(home.workspaceId)}/models`)
        .set(home.auth)
        .expect(200);
      expect(res.body).toEqual({
        workspace_id: home.workspaceId,
        catalog_available: true,
        models: [
          { id: 'gpt-4o-mini', source: 'catalog', provider: null, secret_key: null },
          { id: 'claude-3-5-haiku', source: 'catalog', provider: null, secret_key: null },
          { id: 'openai/*', source: 'bring_your_own', provider: 'openai', secret_key: 'OPENAI_API_KEY' },
          {
            id: 'anthropic/*',
            source: 'bring_your_own',
            provider: 'anthropic',
            secret_key: 'ANTHROPIC_API_KEY',
          },
        ],
      });
      for (const value of ['sk-openai-secret', 'sk-ant-secret'])
        expect(JSON.stringify(res.body)).not.toContain(value);
      const [call] = gateway.requestsTo('GET /v1/models').slice(-1);
      expect(call?.headers.authorization).toBe(`Bearer ${MASTER_KEY}`);
    });

    it('still lists bring-your-own entries when the gateway fails', async () => {
      const home = await workspaceWithOwner(t);
      await t.http
        .put(`/v1/workspaces/${home.workspaceId}/secrets/GEMINI_API_KEY`)
        .set(home.auth)
        .send({ value: 'g' })
        .expect(201);
      gateway.misbehaveNext('GET /v1/models', { status: 500, text: 'down' });
      const res = await t.http
        .get(`${llm(home.workspaceId)}/models`)
        .set(home.auth)
        .expect(200);
      expect(res.body.catalog_available).toBe(false);
      expect(res.body.models).toEqual([
        { id: 'gemini/*', source: 'bring_your_own', provider: 'gemini', secret_key: 'GEMINI_API_KEY' },
      ]);
    });
  });

  describe('usage', () => {
    it('maps the spend logs of the window, with cu at LLM_CU_PER_USD', async () => {
      const home = await workspaceWithOwner(t);
      gateway.spend.push(
        {
          user: home.workspaceId,
          startTime: ago(3600),
          model: 'gpt-4o-mini',
          total_tokens: 1200,
          spend: 0.0042,
        },
        {
          user: home.workspaceId,
          startTime: ago(60),
          model: 'claude-3-5-haiku',
          total_tokens: 800,
          spend: 0.01,
        },
        { user: 'another-workspace', startTime: ago(30), model: 'gpt-4o-mini', total_tokens: 99, spend: 9 },
      );
      const res = await t.http
        .get(`${llm(home.workspaceId)}/usage`)
        .set(home.auth)
        .expect(200);
      expect(res.body.rows).toEqual([
        { ts: expect.any(String), model: 'gpt-4o-mini', total_tokens: 1200, cu: 1.05, cost_usd: 0.0042 },
        { ts: expect.any(String), model: 'claude-3-5-haiku', total_tokens: 800, cu: 2.5, cost_usd: 0.01 },
      ]);
      expect(res.body).toMatchObject({ workspace_id: home.workspaceId, total_cu: 3.55, total_tokens: 2000 });
      const window = Date.parse(res.body.until) - Date.parse(res.body.since);
      expect(window).toBe(86_400_000);

      const [call] = gateway.requestsTo('GET /spend/logs').slice(-1);
      expect(call?.query.get('user_id')).toBe(home.workspaceId);
      expect(call?.query.get('start_date')).toBe(res.body.since);
      expect(call?.query.get('end_date')).toBe(res.body.until);
      expect(call?.headers.authorization).toBe(`Bearer ${MASTER_KEY}`);
    });

    it('applies limit before dropping rows older than the window', async () => {
      const home = await workspaceWithOwner(t);
      gateway.spend.push(
        { user: home.workspaceId, startTime: ago(7200), model: 'old', total_tokens: 1, spend: 1 },
        { user: home.workspaceId, startTime: ago(100), model: 'new-1', total_tokens: 1, spend: 1 },
        { user: home.workspaceId, startTime: ago(50), model: 'new-2', total_tokens: 1, spend: 1 },
      );
      const res = await t.http
        .get(`${llm(home.workspaceId)}/usage?since_seconds=3600&limit=2`)
        .set(home.auth)
        .expect(200);
      expect(res.body.rows.map((r: { model: string }) => r.model)).toEqual(['new-1']);
    });

    it.each([
      'since_seconds=59',
      'since_seconds=2592001',
      'since_seconds=abc',
      'limit=0',
      'limit=1001',
      'limit=1.5',
    ])('refuses %s with 422', async (query) => {
      const home = await workspaceWithOwner(t);
      const res = await t.http
        .get(`${llm(home.workspaceId)}/usage?${query}`)
        .set(home.auth)
        .expect(422);
      expect(res.body.code).toBe('invalid_query');
    });

    it('answers empty rows and zero totals when the gateway fails or does not answer', async () => {
      const home = await workspaceWithOwner(t);
      gateway.spend.push({
        user: home.workspaceId,
        startTime: ago(10),
        model: 'm',
        total_tokens: 5,
        spend: 1,
      });
      for (const how of [{ status: 503, text: 'no' }, { hang: true as const }]) {
        gateway.misbehaveNext('GET /spend/logs', how);
        const res = await t.http
          .get(`${llm(home.workspaceId)}/usage`)
          .set(home.auth)
          .expect(200);
        expect(res.body).toMatchObject({ rows: [], total_cu: 0, total_tokens: 0 });
      }
    });
  });

  describe('virtual key', () => {
    it('mints once with no-store, rotates under a new alias and deletes the previous one', async () => {
      const home = await workspaceWithOwner(t);
      const first = await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const alias1 = `${home.workspaceId}:1`;
      expect(first.body).toEqual({ virtual_key: gateway.keys.get(alias1)?.key });
      const [generate] = gateway.requestsTo('POST /key/generate').slice(-1);
      expect(generate?.json).toEqual({
        key_alias: alias1,
        user_id: home.workspaceId,
        metadata: { workspace_id: home.workspaceId },
      });
      expect(generate?.headers.authorization).toBe(`Bearer ${MASTER_KEY}`);

      const second = await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(200);
      const alias2 = `${home.workspaceId}:2`;
      expect(second.body.virtual_key).toBe(gateway.keys.get(alias2)?.key);
      expect(second.body.virtual_key).not.toBe(first.body.virtual_key);
      expect(gateway.keys.has(alias1)).toBe(false);
      expect(gateway.requestsTo('POST /key/delete').at(-1)?.json).toEqual({ key_aliases: [alias1] });

      // Never in the logs or the audit log.
      const audit = await t.http.get(`/v1/workspaces/${home.workspaceId}/audit`).set(home.auth).expect(200);
      const minted = audit.body.events.filter(
        (e: { action: string }) => e.action === 'llm.virtual_key_minted',
      );
      expect(minted.map((e: { details: unknown }) => e.details)).toEqual([
        { key_alias: alias2, previous_key_alias: alias1 },
        { key_alias: alias1, previous_key_alias: null },
      ]);
      const everything = `${t.logs.join('\n')}${JSON.stringify(audit.body)}`;
      for (const key of [first.body.virtual_key, second.body.virtual_key, MASTER_KEY])
        expect(everything).not.toContain(key);
    });

    it('revokes the current key, and answers 204 when there is none', async () => {
      const home = await workspaceWithOwner(t);
      await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(204);
      await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(200);
      const alias = `${home.workspaceId}:1`;
      await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(204);
      expect(gateway.requestsTo('POST /key/delete').at(-1)?.json).toEqual({ key_aliases: [alias] });
      expect(gateway.keys.has(alias)).toBe(false);
      const calls = gateway.requestsTo('POST /key/delete').length;
      await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(204);
      expect(gateway.requestsTo('POST /key/delete')).toHaveLength(calls);
    });

    it('counts a 404 from the gateway as already revoked', async () => {
      const home = await workspaceWithOwner(t);
      await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(200);
      gateway.keys.delete(`${home.workspaceId}:1`);
      await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(204);
      const audit = await t.http.get(`/v1/workspaces/${home.workspaceId}/audit`).set(home.auth).expect(200);
      expect(audit.body.events.map((e: { action: string }) => e.action)).toContain('llm.virtual_key_revoked');
    });

    it('answers 502 when the gateway cannot mint or revoke, and changes nothing', async () => {
      const home = await workspaceWithOwner(t);
      gateway.misbehaveNext('POST /key/generate', { status: 500, text: 'down' });
      const mint = await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(502);
      expect(mint.body.code).toBe('model_gateway_unavailable');

      await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(200);
      const live = [...gateway.keys.keys()].filter((alias) => alias.startsWith(home.workspaceId));
      gateway.misbehaveNext('POST /key/delete', { hang: true });
      const rotate = await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(502);
      expect(rotate.body.code).toBe('model_gateway_unavailable');
      // The new key was deleted again; the old one still works.
      expect([...gateway.keys.keys()].filter((alias) => alias.startsWith(home.workspaceId))).toEqual(live);

      gateway.misbehaveNext('POST /key/delete', { status: 503, text: 'down' });
      const revoke = await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(502);
      expect(revoke.body.code).toBe('model_gateway_unavailable');
      expect(gateway.keys.has(live[0] as string)).toBe(true);
      await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(204);
      expect(gateway.keys.has(live[0] as string)).toBe(false);
    });

    it('refuses minting while frozen or suspended, and allows revoking', async () => {
      const home = await workspaceWithOwner(t);
      await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(200);
      await t.http
        .patch(`/v1/operator/workspaces/${home.workspaceId}`)
        .set(operator)
        .send({ frozen: true })
        .expect(200);
      const frozen = await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(403);
      expect(frozen.body.code).toBe('workspace_frozen');
      await t.http
        .delete(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(204);

      await t.http
        .patch(`/v1/operator/workspaces/${home.workspaceId}`)
        .set(operator)
        .send({ frozen: false })
        .expect(200);
      await t.http
        .patch(`/v1/operator/organizations/${home.owner.organizationId}`)
        .set(operator)
        .send({ suspended: true })
        .expect(200);
      const suspended = await t.http
        .post(`${llm(home.workspaceId)}/virtual-key`)
        .set(home.auth)
        .expect(403);
      expect(suspended.body.code).toBe('organization_suspended');
    });

    it('keeps llm.cu at 0 in the quota', async () => {
      const home = await workspaceWithOwner(t);
      gateway.spend.push({
        user: home.workspaceId,
        startTime: ago(10),
        model: 'm',
        total_tokens: 5,
        spend: 3,
      });
      const quota = await t.http
        .get(`/v1/organizations/${home.owner.organizationId}/quota`)
        .set(home.auth)
        .expect(200);
      expect(quota.body.limits.find((l: { key: string }) => l.key === 'llm.cu')).toMatchObject({
        current: 0,
      });
    });
  });
});

describe.each(DATABASES)('model gateway not configured on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers empty usage, bring-your-own models only, and 502 on the key routes', async () => {
    const home = await workspaceWithOwner(t);
    const llm = `/v1/workspaces/${home.workspaceId}/llm`;
    const usage = await t.http.get(`${llm}/usage`).set(home.auth).expect(200);
    expect(usage.body).toMatchObject({
      workspace_id: home.workspaceId,
      rows: [],
      total_cu: 0,
      total_tokens: 0,
    });
    const models = await t.http.get(`${llm}/models`).set(home.auth).expect(200);
    expect(models.body).toEqual({ workspace_id: home.workspaceId, catalog_available: false, models: [] });
    const mint = await t.http.post(`${llm}/virtual-key`).set(home.auth).expect(502);
    expect(mint.body.code).toBe('model_gateway_not_configured');
    // No key to revoke: nothing to ask the gateway.
    await t.http.delete(`${llm}/virtual-key`).set(home.auth).expect(204);
  });
});
