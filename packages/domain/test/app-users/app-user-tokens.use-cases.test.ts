import type { Claims } from '../../src';
import { addUser, anAppUserWorld } from '../support/app-user-world';
import { seedApp } from '../support/app-world';
import { putAuth } from '../support/sign-in-world';
import { anotherWorkspace, audited, ctx, team, type WorkspaceWorld } from '../support/workspace-world';

const code = (c: string) => expect.objectContaining({ code: c });
const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.slice(5), 'base64url').toString());

const signIn = (
  world: WorkspaceWorld,
  body: { email: string; password: string; appId?: string; newPassword?: string },
  ip: string | null = null,
  workspaceId = world.workspaceId,
) => world.uc.appUserTokens.signIn.execute({ workspaceId, ...body, ip });

async function withUser(options: { multiTenant?: boolean; temporary?: boolean; role?: string } = {}) {
  const world = await anAppUserWorld({ multiTenant: options.multiTenant });
  const { view } = await addUser(world, {
    email: 'ann@example.test',
    password: 'ann password',
    temporaryPassword: options.temporary ?? false,
    role: options.role,
  });
  return { world, user: view.user };
}

describe('app-user sign-in (POST /v1/public/workspaces/{id}/token)', () => {
  it('answers a 5-minute access token with the spec claims and a refresh token', async () => {
    const { world, user } = await withUser({ role: 'viewer' });
    const pair = await signIn(world, { email: 'ANN@example.test', password: 'ann password' });
    expect(pair).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    const claims = claimsOf(pair.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      iss: `http://control.test/v1/public/workspaces/${world.workspaceId}`,
      aud: 'app-user',
      azp: 'shell',
      realm_access: { roles: ['viewer'] },
      external_tenant_id: world.workspaceId,
      external_user_id: user.id,
      permissions: ['vault:read', 'files:read', 'apps:launch', 'flags:read'],
    });
    expect(claims.exp as number).toBe((claims.iat as number) + 300);
    expect(claims).not.toHaveProperty('organization');
    expect(claimsOf(pair.refresh_token)).toMatchObject({ aud: 'app-user-refresh', typ: 'refresh' });
    expect(world.deps.uow.tables.appUsers.get(user.id)?.lastLoginAt).toEqual(world.deps.clock.now());
    expect(audited(world, 'app_user.signed_in')).toHaveLength(1);
  });

  it('names the app in azp, and adds the tenants as organization when multi-tenant is on', async () => {
    const { world, user } = await withUser({ multiTenant: true });
    const app = await seedApp(world);
    const tenant = await world.uc.tenants.create.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      name: 'Acme Corp',
      alias: 'acme',
      context: ctx(world.ownerId),
    });
    await world.uc.tenants.addMember.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      tenantId: tenant.id,
      memberUserId: user.id,
      context: ctx(world.ownerId),
    });
    const claims = claimsOf(
      (await signIn(world, { email: 'ann@example.test', password: 'ann password', appId: app.id }))
        .access_token,
    );
    expect(claims).toMatchObject({
      azp: app.id,
      organization: { acme: { id: tenant.id, name: 'Acme Corp' } },
    });
    await expect(
      signIn(world, { email: 'ann@example.test', password: 'ann password', appId: world.deps.ids.next() }),
    ).rejects.toEqual(code('app_not_found'));
  });

  it('is 401 invalid_credentials alike for a wrong password, an unknown, a pending and a disabled user', async () => {
    const { world, user } = await withUser();
    await world.uc.appUsers.invite.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      email: 'pending@example.test',
      context: ctx(world.ownerId),
    });
    await expect(signIn(world, { email: 'ann@example.test', password: 'wrong one' })).rejects.toEqual(
      code('invalid_credentials'),
    );
    await expect(signIn(world, { email: 'nobody@example.test', password: 'ann password' })).rejects.toEqual(
      code('invalid_credentials'),
    );
    await expect(signIn(world, { email: 'pending@example.test', password: 'anything' })).rejects.toEqual(
      code('invalid_credentials'),
    );
    await world.uc.appUsers.update.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appUserId: user.id,
      patch: { enabled: false },
      context: ctx(world.ownerId),
    });
    await expect(signIn(world, { email: 'ann@example.test', password: 'ann password' })).rejects.toEqual(
      code('invalid_credentials'),
    );
  });

  it('10 failures for one user in 10 minutes: the next attempt is 429, even with the right password', async () => {
    const { world } = await withUser();
    for (let i = 0; i < 10; i++) {
      await expect(
        signIn(world, { email: 'ann@example.test', password: 'wrong' }, `10.0.0.${i}`),
      ).rejects.toEqual(code('invalid_credentials'));
    }
    await expect(
      signIn(world, { email: 'ann@example.test', password: 'ann password' }, '10.0.1.1'),
    ).rejects.toEqual(code('too_many_sign_in_attempts'));
    world.deps.clock.advance(600);
    await signIn(world, { email: 'ann@example.test', password: 'ann password' }, '10.0.1.1');
  });

  it('successful sign-ins never count toward the limit', async () => {
    const { world } = await withUser();
    for (let i = 0; i < 12; i++) await signIn(world, { email: 'ann@example.test', password: 'ann password' });
  });

  it('a temporary password needs new_password (403), which must pass the policy; then it is the password', async () => {
    const { world, user } = await withUser({ temporary: true });
    await expect(signIn(world, { email: 'ann@example.test', password: 'ann password' })).rejects.toEqual(
      code('password_change_required'),
    );
    await expect(
      signIn(world, { email: 'ann@example.test', password: 'ann password', newPassword: 'short' }),
    ).rejects.toEqual(code('invalid_password'));
    await expect(
      signIn(world, { email: 'ann@example.test', password: 'ann password', newPassword: 'ann password' }),
    ).rejects.toEqual(code('invalid_password'));
    await signIn(world, {
      email: 'ann@example.test',
      password: 'ann password',
      newPassword: 'my own password',
    });
    expect(world.deps.uow.tables.appUsers.get(user.id)).toMatchObject({
      passwordHash: 'fake$my own password',
      passwordChangeRequired: false,
    });
    await signIn(world, { email: 'ann@example.test', password: 'my own password' });
  });

  it('needs active platform sign-in (409) in a workspace that exists (404)', async () => {
    const { world } = await withUser();
    await expect(
      signIn(world, { email: 'ann@example.test', password: 'ann password' }, null, world.deps.ids.next()),
    ).rejects.toEqual(code('workspace_not_found'));
    await putAuth(world, { mode: 'none' });
    await expect(signIn(world, { email: 'ann@example.test', password: 'ann password' })).rejects.toEqual(
      code('platform_sign_in_required'),
    );
  });
});

describe('refresh', () => {
  it('rotates: each refresh token works once; reusing a spent one revokes the session', async () => {
    const { world } = await withUser();
    const first = await signIn(world, { email: 'ann@example.test', password: 'ann password' });
    const refresh = (token: string, workspaceId = world.workspaceId) =>
      world.uc.appUserTokens.refresh.execute({ workspaceId, refreshToken: token, ip: null });
    const second = await refresh(first.refresh_token);
    expect(second.expires_in).toBe(300);
    await world.uc.authenticateCaller.execute(second.access_token);
    await expect(refresh(first.refresh_token)).rejects.toEqual(code('invalid_refresh_token'));
    await expect(world.uc.authenticateCaller.execute(second.access_token)).rejects.toEqual(
      code('invalid_token'),
    );
    await expect(refresh(second.refresh_token)).rejects.toEqual(code('invalid_refresh_token'));
    expect(audited(world, 'app_user.refresh_token_reused')).toHaveLength(1);
  });

  it('is 401 on another workspace, with an access token, and once the user is disabled', async () => {
    const { world, user } = await withUser();
    const pair = await signIn(world, { email: 'ann@example.test', password: 'ann password' });
    const other = await anotherWorkspace(world);
    const refresh = (token: string, workspaceId = world.workspaceId) =>
      world.uc.appUserTokens.refresh.execute({ workspaceId, refreshToken: token, ip: null });
    await expect(refresh(pair.refresh_token, other)).rejects.toEqual(code('invalid_refresh_token'));
    await expect(refresh(pair.access_token)).rejects.toEqual(code('invalid_refresh_token'));
    await world.deps.uow.transaction(async (tx) => {
      const u = await tx.appUsers.findById(world.workspaceId, user.id);
      if (u) await tx.appUsers.save({ ...u, enabled: false });
    });
    await expect(refresh(pair.refresh_token)).rejects.toEqual(code('invalid_refresh_token'));
  });
});

describe('the app_user caller kind', () => {
  it('is recognised by its audience alone; revoked at once by disabling, deleting or platform sign-in off', async () => {
    const { world, user } = await withUser();
    const token = async () =>
      (await signIn(world, { email: 'ann@example.test', password: 'ann password' })).access_token;
    const principal = await world.uc.authenticateCaller.execute(await token());
    expect(principal).toEqual({
      kind: 'app_user',
      userId: user.id,
      workspaceId: world.workspaceId,
      sessionId: expect.any(String),
      clientId: 'shell',
      roles: ['user'],
    });
    expect(await world.uc.authenticateTeam.authenticate(await token())).toBeNull();

    const disabled = await token();
    const patch = (enabled: boolean) =>
      world.uc.appUsers.update.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        appUserId: user.id,
        patch: { enabled },
        context: ctx(world.ownerId),
      });
    await patch(false);
    await expect(world.uc.authenticateCaller.execute(disabled)).rejects.toEqual(code('invalid_token'));
    await patch(true);
    const off = await token();
    await putAuth(world, { mode: 'none' });
    await expect(world.uc.authenticateCaller.execute(off)).rejects.toEqual(code('invalid_token'));
    await putAuth(world, { mode: 'platform' });
    const deleted = await token();
    await world.uc.appUsers.delete.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appUserId: user.id,
      context: ctx(world.ownerId),
    });
    await expect(world.uc.authenticateCaller.execute(deleted)).rejects.toEqual(code('invalid_token'));
  });

  it('reads runtime flags of its own workspace only', async () => {
    const { world } = await withUser();
    await world.uc.flags.put.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      key: 'beta',
      value: true,
      context: ctx(world.ownerId),
    });
    const caller = await world.uc.authenticateCaller.execute(
      (await signIn(world, { email: 'ann@example.test', password: 'ann password' })).access_token,
    );
    expect(await world.uc.flags.runtime.execute({ caller, workspaceId: world.workspaceId })).toEqual({
      beta: true,
    });
    const other = await anotherWorkspace(world);
    await expect(world.uc.flags.runtime.execute({ caller, workspaceId: other })).rejects.toEqual(
      code('permission_denied'),
    );
  });

  it('sees only the active apps its roles may launch (404 for the others)', async () => {
    const { world } = await withUser({ role: 'viewer' });
    const open = await seedApp(world);
    const restricted = await seedApp(world);
    const granted = await seedApp(world);
    const archived = await seedApp(world, { status: 'archived' });
    for (const [app, roles] of [
      [restricted, ['admin']],
      [granted, ['viewer']],
    ] as const) {
      await world.uc.apps.putAccess.execute({
        caller: team(world.ownerId),
        workspaceId: world.workspaceId,
        appId: app.id,
        visibility: 'restricted',
        grants: roles.map((role) => ({ role, action: 'read' })),
        context: ctx(world.ownerId),
      });
    }
    const caller = await world.uc.authenticateCaller.execute(
      (await signIn(world, { email: 'ann@example.test', password: 'ann password' })).access_token,
    );
    const listed = await world.uc.apps.list.execute({
      caller,
      workspaceId: world.workspaceId,
      includeArchived: true,
    });
    expect(listed.map((a) => a.id).sort()).toEqual([open.id, granted.id].sort());
    await world.uc.apps.get.execute({ caller, workspaceId: world.workspaceId, appId: granted.id });
    for (const app of [restricted, archived]) {
      await expect(
        world.uc.apps.get.execute({ caller, workspaceId: world.workspaceId, appId: app.id }),
      ).rejects.toEqual(code('app_not_found'));
    }
    await expect(
      world.uc.apps.getBySlug.execute({ caller, workspaceId: world.workspaceId, slug: restricted.slug }),
    ).rejects.toEqual(code('app_not_found'));
    expect(
      (await world.uc.apps.shellConfig.execute({ caller, workspaceId: world.workspaceId, appId: open.id }))
        .app.id,
    ).toBe(open.id);
    await expect(
      world.uc.access.get.execute({ caller, workspaceId: world.workspaceId }),
    ).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });
});
