import { modeTransition, type SignInConfig, type SignInMode } from '../../src';
import { aCustomRole, deletePlatform, getAuth, putAuth, storedConfig } from '../support/sign-in-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from '../support/workspace-world';

const ISSUER_BASE = 'http://control.test/v1/public/workspaces/';

describe('reading the sign-in configuration', () => {
  it('reads a workspace that never configured sign-in as the default, to every reader', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const view = await getAuth(world, member);
    expect(view.config).toMatchObject({
      workspaceId: world.workspaceId,
      mode: 'none',
      platform: null,
      external: null,
      multiTenant: { enabled: false },
      host: { customDomain: null, customDomainStatus: null },
      branding: null,
      mail: { mode: 'platform' },
    });
    expect(view.organizationName).toBe('Acme');
    expect(storedConfig(world)).toBeNull();
  });
});

describe('mode transitions (spec, States: Workspace sign-in)', () => {
  // The expected table, written out here rather than read from sign-in.machine.ts.
  const table: [SignInMode, 'absent' | 'active' | 'disabled', SignInMode, string][] = [
    ['none', 'absent', 'platform', 'create'],
    ['none', 'disabled', 'platform', 'reactivate'],
    ['external', 'absent', 'platform', 'create'],
    ['external', 'disabled', 'platform', 'reactivate'],
    ['platform', 'active', 'none', 'disable'],
    ['platform', 'active', 'external', 'disable'],
    ['none', 'absent', 'external', 'unchanged'],
    ['none', 'disabled', 'external', 'unchanged'],
    ['external', 'disabled', 'none', 'unchanged'],
    ['platform', 'active', 'platform', 'unchanged'],
    ['none', 'absent', 'none', 'unchanged'],
  ];
  it.each(table)('%s with the block %s, to %s: %s', (from, block, to, effect) => {
    const config = {
      mode: from,
      platform:
        block === 'absent'
          ? null
          : { status: block, realm: 'r', issuer: 'i', createdAt: new Date(0), disabledAt: null },
    } as SignInConfig;
    expect(modeTransition(config, to).effect).toBe(effect);
  });

  it('becoming platform creates an active block with a realm and an issuer under PUBLIC_BASE_URL', async () => {
    const world = await aWorkspaceWorld();
    const { config } = await putAuth(world, { mode: 'platform' });
    expect(config.mode).toBe('platform');
    expect(config.platform).toMatchObject({
      status: 'active',
      realm: `ws-${world.workspaceId}`,
      issuer: `${ISSUER_BASE}${world.workspaceId}`,
      disabledAt: null,
    });
    expect(audited(world, 'sign_in.updated')[0]?.details).toMatchObject({
      mode: { from: 'none', to: 'platform', platform: 'create' },
    });
  });

  it('leaving platform keeps the block disabled and the users; coming back re-activates the same block', async () => {
    const world = await aWorkspaceWorld();
    const created = (await putAuth(world, { mode: 'platform' })).config.platform;
    await world.deps.uow.transaction((tx) =>
      tx.appUsers.save({
        id: world.deps.ids.next(),
        workspaceId: world.workspaceId,
        email: 'ann@example.com',
        firstName: null,
        lastName: null,
        enabled: true,
        emailVerified: false,
        roles: [],
        invitePending: true,
        passwordHash: null,
        passwordChangeRequired: false,
        temporaryPasswordSetAt: null,
        ssoConnectionIds: [],
        inviteAppId: null,
        lastEmail: null,
        resendWindowStartedAt: null,
        resendCount: 0,
        lastInvitationSentAt: null,
        createdAt: world.deps.clock.now(),
        updatedAt: world.deps.clock.now(),
        lastLoginAt: null,
      }),
    );
    world.deps.clock.advance(60);
    const left = (await putAuth(world, { mode: 'external' })).config;
    expect(left.platform).toMatchObject({
      status: 'disabled',
      realm: created?.realm,
      issuer: created?.issuer,
    });
    expect(left.platform?.disabledAt).toEqual(world.deps.clock.now());
    expect(world.deps.uow.tables.appUsers.size).toBe(1);
    const back = (await putAuth(world, { mode: 'platform' })).config;
    expect(back.platform).toEqual({ ...created, status: 'active', disabledAt: null });
  });

  it("leaving platform revokes every app user's session, so coming back revives none", async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mode: 'platform' });
    const session = (workspaceId: string) => ({
      id: world.deps.ids.next(),
      workspaceId,
      userId: world.deps.ids.next(),
      clientId: 'shell',
      createdAt: world.deps.clock.now(),
      revokedAt: null,
    });
    const mine = [session(world.workspaceId), session(world.workspaceId)];
    const elsewhere = session(world.deps.ids.next());
    await world.deps.uow.transaction(async (tx) => {
      for (const s of [...mine, elsewhere]) await tx.appUserSessions.save(s);
    });
    world.deps.clock.advance(60);
    await putAuth(world, { mode: 'none' });
    const revokedAt = (id: string) => world.deps.uow.tables.appUserSessions.get(id)?.revokedAt;
    for (const s of mine) expect(revokedAt(s.id)).toEqual(world.deps.clock.now());
    expect(revokedAt(elsewhere.id)).toBeNull();
    expect(audited(world, 'sign_in.updated').at(-1)?.details).toMatchObject({
      mode: { from: 'platform', to: 'none', platform: 'disable', sessions_revoked: 2 },
    });
    await putAuth(world, { mode: 'platform' });
    for (const s of mine) expect(revokedAt(s.id)).not.toBeNull();
  });

  it('records nothing when nothing changes', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mode: 'none' });
    await putAuth(world, {});
    expect(audited(world, 'sign_in.updated')).toHaveLength(0);
    expect(storedConfig(world)).toBeNull();
  });

  it('refuses an unknown mode (422)', async () => {
    const world = await aWorkspaceWorld();
    await expect(putAuth(world, { mode: 'keycloak' })).rejects.toMatchObject({
      code: 'invalid_sign_in_mode',
    });
  });

  it('needs administer and refuses changes while frozen or suspended', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    await expect(putAuth(world, { mode: 'platform' }, writer)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await freeze(world);
    await expect(putAuth(world, { mode: 'platform' })).rejects.toMatchObject({ code: 'workspace_frozen' });
    await freeze(world, false);
    await world.uc.operator.updateOrganization.execute({
      organizationId: world.organizationId,
      suspended: true,
      ip: null,
    });
    await expect(putAuth(world, { mode: 'platform' })).rejects.toMatchObject({
      code: 'organization_suspended',
    });
  });
});

describe('multi-tenant', () => {
  it('needs active platform sign-in (409), in the same request or before', async () => {
    const world = await aWorkspaceWorld();
    await expect(putAuth(world, { multiTenant: { enabled: true } })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'platform_sign_in_required',
    });
    await expect(putAuth(world, { mode: 'external', multiTenant: { enabled: true } })).rejects.toMatchObject({
      code: 'platform_sign_in_required',
    });
    const { config } = await putAuth(world, { mode: 'platform', multiTenant: { enabled: true } });
    expect(config.multiTenant).toEqual({ enabled: true });
  });

  it('is refused again once platform sign-in is disabled, and turning it off is always allowed', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mode: 'platform' });
    await putAuth(world, { mode: 'none' });
    await expect(putAuth(world, { multiTenant: { enabled: true } })).rejects.toMatchObject({
      code: 'platform_sign_in_required',
    });
    await expect(putAuth(world, { multiTenant: { enabled: false } })).resolves.toBeDefined();
  });

  it('turning it off leaves the tenant records', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mode: 'platform', multiTenant: { enabled: true } });
    await world.deps.uow.transaction((tx) =>
      tx.tenants.save({
        id: world.deps.ids.next(),
        workspaceId: world.workspaceId,
        name: 'Tenant',
        alias: null,
        domains: [],
        enabled: true,
        createdAt: world.deps.clock.now(),
        updatedAt: world.deps.clock.now(),
      }),
    );
    const { config } = await putAuth(world, { multiTenant: { enabled: false } });
    expect(config.multiTenant.enabled).toBe(false);
    expect(world.deps.uow.tables.tenants.size).toBe(1);
  });
});

describe('external settings', () => {
  it('are stored as sent, audited by key names only, and removed with null', async () => {
    const world = await aWorkspaceWorld();
    const external = { issuer: 'https://idp.example.com', audience: 'shop' };
    expect((await putAuth(world, { mode: 'external', external })).config.external).toEqual(external);
    expect(audited(world, 'sign_in.updated')[0]?.details.external).toEqual({ keys: ['audience', 'issuer'] });
    expect((await putAuth(world, { external: null })).config.external).toBeNull();
  });

  it('refuse more than 8 KiB of JSON (422)', async () => {
    const world = await aWorkspaceWorld();
    await expect(putAuth(world, { external: { blob: 'x'.repeat(9000) } })).rejects.toMatchObject({
      code: 'invalid_external_settings',
    });
  });
});

describe('DELETE auth/platform', () => {
  async function withPlatformDirectory(world: WorkspaceWorld) {
    await putAuth(world, {
      mode: 'platform',
      external: { issuer: 'https://idp.example.com' },
      multiTenant: { enabled: true },
      customDomain: 'login.acme.example',
      branding: { primaryColor: '#112233' },
      mail: { mode: 'custom', host: '8.8.8.8', port: 587, fromEmail: 'a@acme.example', password: 'pw' },
    });
    await aCustomRole(world, 'auditor');
    const now = world.deps.clock.now();
    await world.deps.uow.transaction(async (tx) => {
      await tx.tenants.save({
        id: world.deps.ids.next(),
        workspaceId: world.workspaceId,
        name: 'T',
        alias: null,
        domains: [],
        enabled: true,
        createdAt: now,
        updatedAt: now,
      });
      await tx.ssoConnections.save({
        id: world.deps.ids.next(),
        workspaceId: world.workspaceId,
        protocol: 'oidc',
        name: 'Okta',
        enabled: true,
        settings: {},
        clientSecret: null,
        organizationId: null,
        createdAt: now,
        updatedAt: now,
      });
      await tx.signInAssets.save({
        workspaceId: world.workspaceId,
        kind: 'logo',
        contentType: 'image/png',
        bytes: new Uint8Array([1]),
        updatedAt: now,
      });
      await tx.siteGrants.replace(world.workspaceId, { resource: 'files' }, [
        { resource: 'files', role: 'auditor', action: 'read' },
      ]);
    });
    await world.uc.m2m.createClient.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      name: 'robot',
      scopes: [],
      context: ctx(world.ownerId),
    });
  }

  it('is refused (409) while the mode is platform', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mode: 'platform' });
    await expect(deletePlatform(world, 'Main')).rejects.toMatchObject({
      kind: 'conflict',
      code: 'platform_sign_in_in_use',
    });
  });

  it.each(['main', '  MAIN ', 'Main'])('accepts %j as the name of workspace "Main"', async (name) => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mode: 'platform' });
    await putAuth(world, { mode: 'none' });
    await expect(deletePlatform(world, name)).resolves.toBeDefined();
    expect(storedConfig(world)?.platform).toBeNull();
  });

  it.each(['Mai', 'Main workspace', '', 'M a i n', null])(
    'refuses %j (400), before anything else',
    async (name) => {
      const world = await aWorkspaceWorld();
      await putAuth(world, { mode: 'platform' });
      await expect(deletePlatform(world, name)).rejects.toMatchObject({
        kind: 'malformed',
        code: 'confirm_name_mismatch',
      });
    },
  );

  it('clears the directory and keeps the mode, external settings, host claim, grants and M2M clients', async () => {
    const world = await aWorkspaceWorld();
    await withPlatformDirectory(world);
    await putAuth(world, { mode: 'external' });
    const deleted = await deletePlatform(world, 'main');
    expect(deleted).toEqual({ appUsers: 0, appRoles: 1, tenants: 1, ssoConnections: 1 });
    const t = world.deps.uow.tables;
    expect(storedConfig(world)).toMatchObject({
      mode: 'external',
      platform: null,
      external: { issuer: 'https://idp.example.com' },
      multiTenant: { enabled: false },
      host: { customDomain: 'login.acme.example', customDomainStatus: 'pending' },
      branding: null,
      mail: { mode: 'platform' },
    });
    expect(t.appRoles.size).toBe(0);
    expect(t.tenants.size).toBe(0);
    expect(t.ssoConnections.size).toBe(0);
    expect(t.signInAssets.size).toBe(0);
    expect(
      t.siteGrants.filter((g) => g.workspaceId === world.workspaceId && g.grant.resource === 'files'),
    ).toHaveLength(1);
    expect(t.m2mClients.size).toBe(1);
    expect(audited(world, 'sign_in.platform_deleted')[0]?.details).toEqual({
      app_users: 0,
      app_roles: 1,
      tenants: 1,
      sso_connections: 1,
    });
  });

  it('is idempotent: deleting again answers the same and records nothing', async () => {
    const world = await aWorkspaceWorld();
    await deletePlatform(world, 'Main');
    await putAuth(world, { mode: 'platform' });
    await putAuth(world, { mode: 'none' });
    await deletePlatform(world, 'Main');
    await expect(deletePlatform(world, 'Main')).resolves.toEqual({
      appUsers: 0,
      appRoles: 0,
      tenants: 0,
      ssoConnections: 0,
    });
    expect(audited(world, 'sign_in.platform_deleted')).toHaveLength(1);
  });

  it('is refused while frozen', async () => {
    const world = await aWorkspaceWorld();
    await freeze(world);
    await expect(deletePlatform(world, 'Main')).rejects.toMatchObject({ code: 'workspace_frozen' });
  });
});
