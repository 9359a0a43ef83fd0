import { keyAlias, requireUsageQuery, usageReport } from '../src';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from './support/workspace-world';

/* The model gateway's rules (spec: Model gateway; supplement §14) on fakes. */

const mint = (world: WorkspaceWorld, userId = world.ownerId) =>
  world.uc.llm.mintVirtualKey.execute({ userId, workspaceId: world.workspaceId, context: ctx(userId) });
const revoke = (world: WorkspaceWorld, userId = world.ownerId) =>
  world.uc.llm.revokeVirtualKey.execute({ userId, workspaceId: world.workspaceId, context: ctx(userId) });

describe('the virtual key', () => {
  it('mints under <workspace_id>:1, then rotates to :2 and deletes :1', async () => {
    const world = await aWorkspaceWorld();
    const gateway = world.deps.modelGateway;
    const first = await mint(world);
    expect(gateway.keys.get(keyAlias(world.workspaceId, 1))).toBe(first.virtual_key);
    const second = await mint(world);
    expect([...gateway.keys]).toEqual([[`${world.workspaceId}:2`, second.virtual_key]]);
    expect(gateway.calls.map((c) => c.method)).toEqual(['generateKey', 'generateKey', 'deleteKeys']);
  });

  it('never stores or audits the key', async () => {
    const world = await aWorkspaceWorld();
    const { virtual_key } = await mint(world);
    expect(JSON.stringify(world.deps.uow.tables.clone())).not.toContain(virtual_key);
    expect(audited(world, 'llm.virtual_key_minted')[0]?.details).toEqual({
      key_alias: `${world.workspaceId}:1`,
      previous_key_alias: null,
    });
  });

  it('needs administer', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    await expect(mint(world, writer)).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(revoke(world, writer)).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('is refused while frozen; revoking is allowed', async () => {
    const world = await aWorkspaceWorld();
    await mint(world);
    await freeze(world);
    await expect(mint(world)).rejects.toMatchObject({ code: 'workspace_frozen' });
    await revoke(world);
    expect(world.deps.modelGateway.keys.size).toBe(0);
  });

  it('keeps the old key when the rotation cannot delete it: the new one is deleted again, 502', async () => {
    const world = await aWorkspaceWorld();
    const gateway = world.deps.modelGateway;
    const first = await mint(world);
    gateway.failNext('deleteKeys', { ok: false, failure: 'timeout' });
    await expect(mint(world)).rejects.toMatchObject({
      code: 'model_gateway_unavailable',
      kind: 'unavailable',
    });
    expect([...gateway.keys.values()]).toEqual([first.virtual_key]);
    expect((await world.deps.uow.read.virtualKeys.find(world.workspaceId))?.currentAlias).toBe(
      `${world.workspaceId}:1`,
    );
  });

  it('a mint the gateway carried out but answered too late is deleted again: 502, the old key stays', async () => {
    const world = await aWorkspaceWorld();
    const gateway = world.deps.modelGateway;
    const first = await mint(world);
    gateway.lateNext('generateKey');
    await expect(mint(world)).rejects.toMatchObject({ code: 'model_gateway_unavailable' });
    expect([...gateway.keys]).toEqual([[`${world.workspaceId}:1`, first.virtual_key]]);
    // A refused mint made nothing: nothing to delete.
    gateway.failNext('generateKey', { ok: false, failure: 'rejected', status: 400, message: 'bad' });
    const before = gateway.calls.length;
    await expect(mint(world)).rejects.toMatchObject({ code: 'model_gateway_unavailable' });
    expect(gateway.calls.slice(before).map((c) => c.method)).toEqual(['generateKey']);
  });

  it('revoking with no key is a no-op that asks nothing of the gateway, configured or not', async () => {
    const world = await aWorkspaceWorld();
    world.deps.modelGateway.configured = false;
    await revoke(world);
    expect(world.deps.modelGateway.calls).toHaveLength(0);
    await expect(mint(world)).rejects.toMatchObject({ code: 'model_gateway_not_configured' });
  });

  it('a failed revoke changes nothing (502); a later one revokes', async () => {
    const world = await aWorkspaceWorld();
    await mint(world);
    world.deps.modelGateway.failNext('deleteKeys', { ok: false, failure: 'server_error', status: 500 });
    await expect(revoke(world)).rejects.toMatchObject({ code: 'model_gateway_unavailable' });
    expect(audited(world, 'llm.virtual_key_revoked')).toHaveLength(0);
    await revoke(world);
    expect(audited(world, 'llm.virtual_key_revoked')).toHaveLength(1);
    expect((await world.deps.uow.read.virtualKeys.find(world.workspaceId))?.currentAlias).toBeNull();
  });
});

describe('usage (spec: Model gateway, Limits)', () => {
  it.each([
    [{}, { sinceSeconds: 86_400, limit: 100 }],
    [
      { sinceSeconds: 60, limit: 1 },
      { sinceSeconds: 60, limit: 1 },
    ],
    [
      { sinceSeconds: 2_592_000, limit: 1000 },
      { sinceSeconds: 2_592_000, limit: 1000 },
    ],
  ])('takes %j as %j', (input, expected) => {
    expect(requireUsageQuery(input)).toEqual(expected);
  });

  it.each([{ sinceSeconds: 59 }, { sinceSeconds: 2_592_001 }, { limit: 0 }, { limit: 1001 }, { limit: 2.5 }])(
    'refuses %j with 422 invalid_query',
    (input) => {
      expect(() => requireUsageQuery(input)).toThrow(
        expect.objectContaining({ code: 'invalid_query', kind: 'invalid' }),
      );
    },
  );

  it('cuts to limit first, then drops rows older than the window; cu = spend × rate', () => {
    const until = new Date('2026-11-20T12:00:00Z');
    const since = new Date('2026-11-20T11:00:00Z');
    const report = usageReport(
      'ws',
      [
        { startTime: '2026-11-20T11:30:00Z', model: 'a', totalTokens: 10, spend: 0.5 },
        { startTime: '2026-11-20T10:00:00Z', model: 'old', totalTokens: 99, spend: 9 },
        { startTime: '2026-11-20T11:45:00Z', model: 'beyond-limit', totalTokens: 1, spend: 1 },
      ],
      { since, until },
      { sinceSeconds: 3600, limit: 2 },
      100,
    );
    expect(report).toEqual({
      workspace_id: 'ws',
      since: '2026-11-20T11:00:00.000Z',
      until: '2026-11-20T12:00:00.000Z',
      total_cu: 50,
      total_tokens: 10,
      rows: [{ ts: '2026-11-20T11:30:00.000Z', model: 'a', total_tokens: 10, cu: 50, cost_usd: 0.5 }],
    });
  });

  it('answers empty rows when the gateway cannot be asked', async () => {
    const world = await aWorkspaceWorld();
    world.deps.modelGateway.failNext('spendLogs', { ok: false, failure: 'unreachable' });
    const report = await world.uc.llm.usage.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
    });
    expect(report).toMatchObject({ rows: [], total_cu: 0, total_tokens: 0 });
  });
});

describe('models', () => {
  it('adds bring-your-own entries for workspace-wide provider keys only, reading names not values', async () => {
    const world = await aWorkspaceWorld();
    const put = (key: string, environmentId?: string) =>
      world.uc.secrets.upsert.execute({
        caller: { kind: 'team', userId: world.ownerId, sessionId: 's', passwordChangeRequired: false },
        workspaceId: world.workspaceId,
        environmentId: environmentId ?? null,
        key,
        value: 'v',
        context: ctx(world.ownerId),
      });
    await put('MISTRAL_API_KEY');
    await put('OPENAI_API_KEY', world.devId);
    await put('SOMETHING_ELSE');
    // Opening any value would fail now: the list reads key names only.
    world.deps.kms.failing = true;
    const list = await world.uc.llm.models.execute({ userId: world.ownerId, workspaceId: world.workspaceId });
    expect(list.models.filter((m) => m.source === 'bring_your_own').map((m) => m.provider)).toEqual([
      'mistral',
    ]);
  });
});
