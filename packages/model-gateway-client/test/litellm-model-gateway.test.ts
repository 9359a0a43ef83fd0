import { ModelGatewayUpstream } from '@groundfloor/testkit';
import { LiteLlmModelGateway } from '../src';

/* The LiteLLM admin API adapter against a gateway on loopback (supplement §14). */

const MASTER = 'sk-master-adapter-test';

describe('LiteLlmModelGateway', () => {
  let upstream: ModelGatewayUpstream;
  let gateway: LiteLlmModelGateway;

  beforeAll(async () => {
    upstream = await ModelGatewayUpstream.started(MASTER);
    gateway = new LiteLlmModelGateway({ baseUrl: upstream.url, masterKey: MASTER, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('generates a key under the alias, for the workspace, with the master key', async () => {
    const minted = await gateway.generateKey({ alias: 'ws-1:1', workspaceId: 'ws-1' });
    const request = upstream.requestsTo('POST /key/generate').at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${MASTER}`);
    expect(request?.json).toEqual({
      key_alias: 'ws-1:1',
      user_id: 'ws-1',
      metadata: { workspace_id: 'ws-1' },
    });
    expect(minted).toEqual({ ok: true, value: upstream.keys.get('ws-1:1')?.key });
  });

  it('deletes keys by alias; a 404 counts as already gone', async () => {
    await gateway.generateKey({ alias: 'ws-2:1', workspaceId: 'ws-2' });
    expect(await gateway.deleteKeys(['ws-2:1'])).toEqual({ ok: true, value: undefined });
    expect(upstream.requestsTo('POST /key/delete').at(-1)?.json).toEqual({ key_aliases: ['ws-2:1'] });
    expect(await gateway.deleteKeys(['ws-2:1'])).toEqual({ ok: true, value: undefined });
    upstream.misbehaveNext('POST /key/delete', { status: 500, text: 'x' });
    expect(await gateway.deleteKeys(['ws-2:1'])).toEqual({ ok: false, failure: 'server_error', status: 500 });
  });

  it('reads spend logs for the workspace and window, leniently', async () => {
    upstream.spend.push(
      { user: 'ws-3', startTime: '2026-11-20T10:00:00Z', model: 'm', total_tokens: 12, spend: 0.25 },
      { user: 'ws-3', startTime: 'not a time', model: 'm', total_tokens: 1, spend: 1 },
    );
    const start = new Date('2026-11-19T10:00:00Z');
    const end = new Date('2026-11-20T10:00:00Z');
    const logs = await gateway.spendLogs({ workspaceId: 'ws-3', start, end });
    expect(logs).toEqual({
      ok: true,
      value: [{ startTime: '2026-11-20T10:00:00Z', model: 'm', totalTokens: 12, spend: 0.25 }],
    });
    const request = upstream.requestsTo('GET /spend/logs').at(-1);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      user_id: 'ws-3',
      start_date: start.toISOString(),
      end_date: end.toISOString(),
    });
  });

  it('lists the catalogue', async () => {
    expect(await gateway.listModels()).toEqual({ ok: true, value: ['gpt-4o-mini', 'claude-3-5-haiku'] });
  });

  it('reports time-outs, refusals, odd answers, an unreachable gateway and a missing configuration', async () => {
    upstream.misbehaveNext('GET /v1/models', { hang: true });
    const impatient = new LiteLlmModelGateway({ baseUrl: upstream.url, masterKey: MASTER, timeoutMs: 200 });
    expect(await impatient.listModels()).toEqual({ ok: false, failure: 'timeout' });
    upstream.misbehaveNext('GET /v1/models', { status: 200, text: 'not json' });
    expect(await gateway.listModels()).toEqual({ ok: false, failure: 'invalid_answer' });
    expect(await new LiteLlmModelGateway({ baseUrl: upstream.url, masterKey: 'wrong' }).listModels()).toEqual(
      {
        ok: false,
        failure: 'rejected',
        status: 401,
        message: '',
      },
    );
    const gone = await ModelGatewayUpstream.started(MASTER);
    await gone.close();
    expect(await new LiteLlmModelGateway({ baseUrl: gone.url, masterKey: MASTER }).listModels()).toEqual({
      ok: false,
      failure: 'unreachable',
    });
    expect(await new LiteLlmModelGateway({ baseUrl: undefined, masterKey: undefined }).listModels()).toEqual({
      ok: false,
      failure: 'not_configured',
    });
  });
});
