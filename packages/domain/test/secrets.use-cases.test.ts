import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import {
  createUseCases,
  decodeAuditCursor,
  encodeAuditCursor,
  looksLikeSecret,
  type M2mPrincipal,
  redactDetails,
  requireFlagKey,
  type TeamPrincipal,
} from '../src';

const ctx = (userId: string) => ({ actor: { kind: 'user' as const, id: userId }, ip: null });

async function setup() {
  const deps = fakeDeps();
  const uc = createUseCases(deps);
  const created = await uc.operator.createOrganization.execute({
    name: 'Acme',
    planTier: 'free',
    ownerEmail: 'owner@acme.test',
    ownerPassword: 'owner password',
    ip: null,
  });
  const userId = created.ownerMembership.userId;
  const workspace = await uc.createWorkspace.execute({
    userId,
    organizationId: created.organization.id,
    name: 'Main',
    context: ctx(userId),
  });
  const caller: TeamPrincipal = { kind: 'team', userId, sessionId: 's', passwordChangeRequired: false };
  return { deps, uc, userId, caller, workspaceId: workspace.id, organizationId: created.organization.id };
}

const snapshot = (deps: FakeDeps) => JSON.stringify(deps.uow.tables.clone());

describe('secrets', () => {
  it('stores only sealed values, bound to their place', async () => {
    const { deps, uc, caller, workspaceId, userId } = await setup();
    await uc.secrets.upsert.execute({
      caller,
      workspaceId,
      environmentId: null,
      key: 'TOKEN',
      value: 'plain-text-value',
      context: ctx(userId),
    });
    const stored = [...deps.uow.tables.secrets.values()].find((s) => s.key === 'TOKEN');
    expect(JSON.stringify(stored)).not.toContain('plain-text-value');
    // The same sealed value moved under another key does not open there.
    await deps.uow.transaction((tx) =>
      tx.secrets.save({ ...(stored as NonNullable<typeof stored>), id: deps.ids.next(), key: 'MOVED' }),
    );
    await expect(
      uc.secrets.reveal.execute({
        caller,
        workspaceId,
        environmentId: null,
        key: 'MOVED',
        context: ctx(userId),
      }),
    ).rejects.toMatchObject({ code: 'secret_store_unavailable' });
    const revealed = await uc.secrets.reveal.execute({
      caller,
      workspaceId,
      environmentId: null,
      key: 'TOKEN',
      context: ctx(userId),
    });
    expect(revealed.value).toBe('plain-text-value');
  });

  it('writes nothing when the key store is unavailable', async () => {
    const { deps, uc, caller, workspaceId, userId, organizationId } = await setup();
    const before = snapshot(deps);
    deps.kms.failing = true;
    await expect(
      uc.secrets.upsert.execute({
        caller,
        workspaceId,
        environmentId: null,
        key: 'K',
        value: 'v',
        context: ctx(userId),
      }),
    ).rejects.toMatchObject({ kind: 'unavailable', code: 'secret_store_unavailable' });
    await expect(
      uc.createWorkspace.execute({ userId, organizationId, name: 'Second', context: ctx(userId) }),
    ).rejects.toMatchObject({ code: 'secret_store_unavailable' });
    expect(snapshot(deps)).toBe(before);
  });

  it('reveals a value only once its audit event is written', async () => {
    const { deps, uc, caller, workspaceId, userId } = await setup();
    const place = { caller, workspaceId, environmentId: null, key: 'TOKEN' };
    await uc.secrets.upsert.execute({ ...place, value: 'the-value', context: ctx(userId) });
    // Every audit log of the fakes (read or transaction) shares one prototype.
    const logs = Object.getPrototypeOf(deps.uow.read.audit) as { append: () => Promise<void> };
    const append = jest.spyOn(logs, 'append').mockRejectedValueOnce(new Error('log down'));
    await expect(uc.secrets.reveal.execute({ ...place, context: ctx(userId) })).rejects.toThrow('log down');
    append.mockRestore();
    const revealed = await uc.secrets.reveal.execute({ ...place, context: ctx(userId) });
    expect(revealed.value).toBe('the-value');
    const events = deps.uow.tables.audit.filter((e) => e.action === 'secret.revealed');
    expect(events).toHaveLength(1);
    expect(events[0]?.target.id).toBe(revealed.secret.id);
  });

  it('clears a description with null, keeps it when omitted, and counts characters', async () => {
    const { uc, caller, workspaceId, userId } = await setup();
    const upsert = (description?: string | null, value = 'v') =>
      uc.secrets.upsert.execute({
        caller,
        workspaceId,
        environmentId: null,
        key: 'K',
        value,
        description,
        context: ctx(userId),
      });
    expect((await upsert('first')).secret.description).toBe('first');
    expect((await upsert(undefined)).secret.description).toBe('first');
    expect((await upsert(null)).secret.description).toBeNull();
    await expect(upsert(undefined, '😀'.repeat(10_000))).resolves.toBeDefined();
    await expect(upsert(undefined, '😀'.repeat(10_001))).rejects.toMatchObject({
      code: 'invalid_secret_value',
    });
    await expect(upsert('😀'.repeat(255))).resolves.toBeDefined();
    await expect(upsert('x'.repeat(256))).rejects.toMatchObject({ code: 'invalid_secret_description' });
  });

  it('applies the M2M table and refuses other workspaces', async () => {
    const { uc, workspaceId } = await setup();
    const m2m = (scopes: M2mPrincipal['scopes'], ws = workspaceId): M2mPrincipal => ({
      kind: 'm2m',
      clientId: 'c',
      workspaceId: ws,
      scopes,
    });
    await expect(
      uc.secrets.list.execute({ caller: m2m(['secrets:read']), workspaceId, environmentId: null }),
    ).resolves.toEqual([]);
    await expect(
      uc.secrets.list.execute({ caller: m2m([]), workspaceId, environmentId: null }),
    ).rejects.toMatchObject({
      code: 'missing_scope',
    });
    await expect(
      uc.secrets.list.execute({ caller: m2m(['secrets:read'], 'other'), workspaceId, environmentId: null }),
    ).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(
      uc.secrets.upsert.execute({
        caller: m2m(['secrets:read']),
        workspaceId,
        environmentId: null,
        key: 'K',
        value: 'v',
        context: { actor: { kind: 'm2m', id: 'c' }, ip: null },
      }),
    ).rejects.toMatchObject({ code: 'm2m_read_only' });
  });

  it('refuses a key outside the rule on reveal and delete with 422, as on upsert', async () => {
    const { uc, caller, workspaceId, userId } = await setup();
    const place = { caller, workspaceId, environmentId: null, context: ctx(userId) };
    for (const key of ['1abc', 'has-dash', 'A'.repeat(257)]) {
      await expect(uc.secrets.reveal.execute({ ...place, key })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'invalid_secret_key',
      });
      await expect(uc.secrets.delete.execute({ ...place, key })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'invalid_secret_key',
      });
    }
    await expect(uc.secrets.reveal.execute({ ...place, key: 'A'.repeat(256) })).rejects.toMatchObject({
      code: 'secret_not_found',
    });
  });

  it('takes the workspace id of an M2M read in upper case', async () => {
    const { uc, workspaceId } = await setup();
    const caller: M2mPrincipal = { kind: 'm2m', clientId: 'c', workspaceId, scopes: ['secrets:read'] };
    await expect(
      uc.secrets.list.execute({ caller, workspaceId: workspaceId.toUpperCase(), environmentId: null }),
    ).resolves.toEqual([]);
  });
});

describe('M2M token exchange', () => {
  it('counts attempts per client and per address, and a deleted client ends its tokens', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    const { client, clientSecret } = await uc.m2m.createClient.execute({
      userId,
      workspaceId,
      name: 'ci',
      scopes: ['secrets:read'],
      context: ctx(userId),
    });
    expect(client.secretHash).not.toBe(clientSecret);
    const exchange = (ip: string, secret = clientSecret) =>
      uc.m2m.exchangeToken.execute({ workspaceId, clientId: client.id, clientSecret: secret, ip });
    const token = await exchange('a');
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'secrets:read' });
    const principal = await uc.authenticateCaller.execute(token.access_token);
    expect(principal).toEqual({ kind: 'm2m', clientId: client.id, workspaceId, scopes: ['secrets:read'] });
    for (let i = 1; i < 20; i++)
      await expect(exchange(`ip-${i}`, 'wrong')).rejects.toMatchObject({ code: 'invalid_client' });
    await expect(exchange('fresh')).rejects.toMatchObject({ code: 'too_many_token_requests' });
    deps.clock.advance(61);
    await expect(exchange('fresh')).resolves.toBeDefined();

    await uc.m2m.deleteClient.execute({ userId, workspaceId, clientId: client.id, context: ctx(userId) });
    await expect(uc.authenticateCaller.execute(token.access_token)).rejects.toMatchObject({
      kind: 'unauthenticated',
      code: 'invalid_token',
    });
  });
});

describe('flags, audit cursors and redaction', () => {
  it('validates flag keys', () => {
    for (const key of ['compare', 'promote', 'runtime']) {
      expect(() => requireFlagKey(key)).toThrow(
        expect.objectContaining({ kind: 'malformed', code: 'reserved_flag_key' }),
      );
    }
    for (const key of ['', 'a'.repeat(129), 'a b', 'a/b']) {
      expect(() => requireFlagKey(key)).toThrow(expect.objectContaining({ code: 'invalid_flag_key' }));
    }
    expect(requireFlagKey('Feature.x_1-2')).toBe('Feature.x_1-2');
  });

  it('lets M2M tokens read the flags of their own workspace only', async () => {
    const { uc, workspaceId } = await setup();
    const m2m = (ws: string): M2mPrincipal => ({ kind: 'm2m', clientId: 'c', workspaceId: ws, scopes: [] });
    await expect(uc.flags.list.execute({ caller: m2m(workspaceId), workspaceId })).resolves.toEqual([]);
    await expect(uc.flags.runtime.execute({ caller: m2m(workspaceId), workspaceId })).resolves.toEqual({});
    await expect(uc.flags.list.execute({ caller: m2m('other'), workspaceId })).rejects.toMatchObject({
      code: 'permission_denied',
    });
  });

  it('round-trips cursors and refuses anything else', () => {
    const cursor = {
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
      id: '0a1b2c3d-0000-4000-8000-00000000abcd',
    };
    expect(decodeAuditCursor(encodeAuditCursor(cursor))).toEqual(cursor);
    for (const text of ['', 'abc', '1-xyz', `${'z'.repeat(12)}-0a1b2c3d000040008000000000000abcd`]) {
      expect(() => decodeAuditCursor(text)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    }
  });

  it('removes secret-like values by key name and by shape, at any depth', () => {
    expect(
      redactDetails({
        name: 'DATABASE_URL',
        environment_id: null,
        token: 'abc',
        Authorization: 'x',
        deep: { refresh_token: 'r', ok: 'fine', dsn: 'mysql://root:pw@db/x' },
        items: ['a', 'Bearer abc'],
        secret: null,
      }),
    ).toEqual({
      name: 'DATABASE_URL',
      environment_id: null,
      token: '[redacted]',
      Authorization: '[redacted]',
      deep: { refresh_token: '[redacted]', ok: 'fine', dsn: '[redacted]' },
      items: ['a', '[redacted]'],
      secret: null,
    });
  });

  it('keeps what a secret-named key says without holding a secret: booleans, set, removed, unchanged', () => {
    expect(
      redactDetails({
        password_changed: true,
        temporary_password: false,
        client_secret: 'set',
        old_secret: 'removed',
        token: 'unchanged',
        password: 'hunter22',
        api_key: 1234,
        secret: 'Set',
      }),
    ).toEqual({
      password_changed: true,
      temporary_password: false,
      client_secret: 'set',
      old_secret: 'removed',
      token: 'unchanged',
      password: '[redacted]',
      api_key: '[redacted]',
      secret: '[redacted]',
    });
  });

  it('keeps ids readable and redacts what the shared credential detector finds', () => {
    const id = '3f2b8c1e-9a4d-4e6b-8c2f-1a2b3c4d5e6f';
    expect(
      redactDetails({
        user_id: id,
        scope_id: id.toUpperCase(),
        environments: [id],
        stripe: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
        note: 'connect with postgres://app:s3cr3t@db.internal/app please',
        pair: 'password=hunter2!',
        pem: '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----',
        header: 'Basic dXNlcjpwYXNz',
        long_hex: '0123456789abcdef0123456789abcdef01234567',
        plain: 'DATABASE_URL',
        name: 'redis://:p4ssw0rd@redis.example.com:6379',
        webhook: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
        service: 'MyServiceProductionEast2025',
      }),
    ).toEqual({
      user_id: id,
      scope_id: id.toUpperCase(),
      environments: [id],
      stripe: '[redacted]',
      note: '[redacted]',
      pair: '[redacted]',
      pem: '[redacted]',
      header: '[redacted]',
      long_hex: '[redacted]',
      plain: 'DATABASE_URL',
      name: '[redacted]',
      webhook: '[redacted]',
      service: 'MyServiceProductionEast2025',
    });
    // The ticket warning uses the same detector, so it now knows URLs with a password too.
    expect(looksLikeSecret('our DSN is mysql://root:pw1234@db/x')).toBe(true);
    expect(looksLikeSecret('see https://docs.example.com/a@b')).toBe(false);
  });

  it('checks the audit list limit', async () => {
    const { uc, userId, workspaceId } = await setup();
    for (const limit of [0, 201, 1.5]) {
      await expect(
        uc.listAuditEvents.execute({ userId, scope: { type: 'workspace', id: workspaceId }, limit }),
      ).rejects.toMatchObject({ code: 'invalid_limit' });
    }
    const page = await uc.listAuditEvents.execute({
      userId,
      scope: { type: 'workspace', id: workspaceId },
      limit: 1,
    });
    expect(page.events).toHaveLength(1);
    expect(page.nextCursor).toEqual(expect.any(String));
  });
});
