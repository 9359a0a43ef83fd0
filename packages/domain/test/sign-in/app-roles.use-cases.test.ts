import { defaultSignInConfig, resolveAppRoles, siteRoleCatalog } from '../../src';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from '../support/workspace-world';

const create = (
  world: WorkspaceWorld,
  body: { name: string; permissions: string[]; description?: string | null },
  userId = world.ownerId,
) =>
  world.uc.appRoles.create.execute({ userId, workspaceId: world.workspaceId, ...body, context: ctx(userId) });

const update = (
  world: WorkspaceWorld,
  name: string,
  body: { permissions?: string[]; description?: string | null },
) =>
  world.uc.appRoles.update.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    name,
    ...body,
    context: ctx(world.ownerId),
  });

const list = (world: WorkspaceWorld, userId = world.ownerId) =>
  world.uc.appRoles.list.execute({ userId, workspaceId: world.workspaceId });

/** Platform sign-in active (or a config in another mode), written straight to the tables. */
async function signInMode(world: WorkspaceWorld, mode: 'none' | 'platform' | 'external') {
  await world.deps.uow.transaction(async (tx) => {
    const config = defaultSignInConfig(world.workspaceId, world.deps.clock.now());
    config.mode = mode;
    if (mode === 'platform')
      config.platform = {
        status: 'active',
        realm: 'r',
        issuer: 'i',
        createdAt: world.deps.clock.now(),
        disabledAt: null,
      };
    await tx.signInConfigs.save(config);
  });
}

describe('the permission catalog', () => {
  it('lists fixed IDs with descriptions to every reader', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const catalog = await world.uc.appRoles.permissions.execute({
      userId: member,
      workspaceId: world.workspaceId,
    });
    expect(catalog.map((p) => p.id)).toEqual([
      'vault:read',
      'vault:write',
      'vault:delete',
      'files:read',
      'files:write',
      'apps:launch',
      'flags:read',
    ]);
    for (const p of catalog) expect(p.description.length).toBeGreaterThan(0);
  });
});

describe('app roles', () => {
  it('lists the built-ins with their default permissions before any custom role', async () => {
    const world = await aWorkspaceWorld();
    await create(world, { name: 'auditor', permissions: ['vault:read'] });
    const roles = await list(world);
    expect(roles.map((r) => [r.name, r.builtin])).toEqual([
      ['viewer', true],
      ['user', true],
      ['admin', true],
      ['auditor', false],
    ]);
    expect(roles[0]?.permissions).toEqual(['vault:read', 'files:read', 'apps:launch', 'flags:read']);
    expect(roles[2]?.permissions).toHaveLength(7);
  });

  it('creates a custom role with catalog permissions stored once, in catalog order, and audits it', async () => {
    const world = await aWorkspaceWorld();
    const role = await create(world, {
      name: 'support_agent-2',
      permissions: ['files:read', 'vault:read', 'files:read'],
      description: '  Answers customers  ',
    });
    expect(role).toMatchObject({
      name: 'support_agent-2',
      builtin: false,
      permissions: ['vault:read', 'files:read'],
      description: 'Answers customers',
    });
    expect(audited(world, 'app_role.created')[0]).toMatchObject({
      target: { type: 'app_role', id: 'support_agent-2' },
    });
  });

  it.each([
    ['empty', ''],
    ['capitals', 'Auditor'],
    ['spaces', 'two words'],
    ['dots', 'a.b'],
    ['65 characters', 'a'.repeat(65)],
  ])('refuses a name with %s (422)', async (_why, name) => {
    const world = await aWorkspaceWorld();
    await expect(create(world, { name, permissions: [] })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_app_role_name',
    });
  });

  it('accepts a 64-character name', async () => {
    const world = await aWorkspaceWorld();
    await expect(create(world, { name: 'a'.repeat(64), permissions: [] })).resolves.toMatchObject({
      name: 'a'.repeat(64),
    });
  });

  it('refuses built-in names and duplicates (409)', async () => {
    const world = await aWorkspaceWorld();
    for (const name of ['viewer', 'user', 'admin'])
      await expect(create(world, { name, permissions: [] })).rejects.toMatchObject({
        kind: 'conflict',
        code: 'app_role_builtin',
      });
    await create(world, { name: 'auditor', permissions: [] });
    await expect(create(world, { name: 'auditor', permissions: [] })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'app_role_exists',
    });
  });

  it('names every unknown permission ID (422), once each', async () => {
    const world = await aWorkspaceWorld();
    const refusal = create(world, {
      name: 'auditor',
      permissions: ['vault:read', 'vault:admin', 'root', 'vault:admin'],
    });
    await expect(refusal).rejects.toMatchObject({
      kind: 'invalid',
      code: 'unknown_permission',
      fieldErrors: [
        { field: 'permissions', message: "unknown permission ID 'vault:admin'" },
        { field: 'permissions', message: "unknown permission ID 'root'" },
      ],
    });
    expect(await list(world)).toHaveLength(3);
  });

  it('holds at most 100 custom roles (409 limit_reached)', async () => {
    const world = await aWorkspaceWorld();
    for (let i = 0; i < 100; i++) await create(world, { name: `r${i}`, permissions: [] });
    await expect(create(world, { name: 'one-more', permissions: [] })).rejects.toMatchObject({
      code: 'limit_reached',
    });
  });

  it('needs administer, and refuses changes while the workspace is frozen', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    await expect(create(world, { name: 'x', permissions: [] }, writer)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(list(world, writer)).resolves.toHaveLength(3);
    await freeze(world);
    await expect(create(world, { name: 'x', permissions: [] })).rejects.toMatchObject({
      code: 'workspace_frozen',
    });
  });

  it('updates permissions and description of a custom role; absent fields stay', async () => {
    const world = await aWorkspaceWorld();
    await create(world, { name: 'auditor', permissions: ['vault:read'], description: 'Reads' });
    expect(await update(world, 'auditor', { permissions: ['files:read'] })).toMatchObject({
      permissions: ['files:read'],
      description: 'Reads',
    });
    const current = await update(world, 'auditor', { description: null });
    expect(current).toMatchObject({ permissions: ['files:read'], description: null });
    // The same values again, or nothing at all, is no change: nothing written, nothing audited.
    const events = audited(world, 'app_role.updated').length;
    world.deps.clock.advance(5);
    expect(await update(world, 'auditor', { permissions: ['files:read'], description: null })).toEqual(
      current,
    );
    expect(await update(world, 'auditor', {})).toEqual(current);
    expect(await update(world, 'viewer', {})).toMatchObject({ name: 'viewer', builtin: true });
    expect(audited(world, 'app_role.updated')).toHaveLength(events);
    await expect(update(world, 'auditor', { permissions: ['nope'] })).rejects.toMatchObject({
      code: 'unknown_permission',
    });
  });

  it('changes a built-in role, which stays built-in and listed once', async () => {
    const world = await aWorkspaceWorld();
    const changed = await update(world, 'viewer', { permissions: ['apps:launch'] });
    expect(changed).toMatchObject({ name: 'viewer', builtin: true, permissions: ['apps:launch'] });
    const roles = await list(world);
    expect(roles.map((r) => r.name)).toEqual(['viewer', 'user', 'admin']);
    expect(roles[0]?.permissions).toEqual(['apps:launch']);
  });

  it('answers 404 for a role the workspace does not have', async () => {
    const world = await aWorkspaceWorld();
    await expect(update(world, 'ghost', { permissions: [] })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'app_role_not_found',
    });
  });
});

describe('resolveAppRoles (for app users and their tokens)', () => {
  it('names unknown roles and unites the permissions of the known ones', async () => {
    const world = await aWorkspaceWorld();
    await create(world, { name: 'deleter', permissions: ['vault:delete'] });
    const resolved = await resolveAppRoles(world.deps.uow.read, world.workspaceId, [
      'viewer',
      'ghost',
      'deleter',
      'ghost',
    ]);
    expect(resolved).toEqual({
      unknown: ['ghost'],
      permissions: ['vault:read', 'vault:delete', 'files:read', 'apps:launch', 'flags:read'],
    });
  });

  it('uses a changed built-in and knows nothing of another workspace', async () => {
    const world = await aWorkspaceWorld();
    await update(world, 'user', { permissions: ['flags:read'] });
    expect(await resolveAppRoles(world.deps.uow.read, world.workspaceId, ['user'])).toEqual({
      unknown: [],
      permissions: ['flags:read'],
    });
    const other = await aWorkspaceWorld();
    await create(other, { name: 'deleter', permissions: ['vault:delete'] });
    expect((await resolveAppRoles(world.deps.uow.read, world.workspaceId, ['deleter'])).unknown).toEqual([
      'deleter',
    ]);
  });
});

describe('the Access catalog of site roles (spec, Access)', () => {
  it('falls back to the built-ins unless platform sign-in is active', async () => {
    const world = await aWorkspaceWorld();
    await create(world, { name: 'auditor', permissions: [] });
    const names = async () =>
      (await siteRoleCatalog(world.deps.uow.read, world.workspaceId)).map((r) => r.name);
    expect(await names()).toEqual(['viewer', 'user', 'admin']);
    await signInMode(world, 'external');
    expect(await names()).toEqual(['viewer', 'user', 'admin']);
    await signInMode(world, 'platform');
    expect(await siteRoleCatalog(world.deps.uow.read, world.workspaceId)).toEqual([
      { name: 'viewer', builtin: true },
      { name: 'user', builtin: true },
      { name: 'admin', builtin: true },
      { name: 'auditor', builtin: false },
    ]);
  });

  it('lets Access grants name a custom role once platform sign-in is active', async () => {
    const world = await aWorkspaceWorld();
    await create(world, { name: 'auditor', permissions: [] });
    const put = () =>
      world.uc.access.put.execute({
        caller: { kind: 'team', userId: world.ownerId, sessionId: 's', passwordChangeRequired: false },
        workspaceId: world.workspaceId,
        filesGrants: [{ role: 'auditor', action: 'read' }],
        context: ctx(world.ownerId),
      });
    await expect(put()).rejects.toMatchObject({ code: 'unknown_site_role' });
    await signInMode(world, 'platform');
    expect((await put()).filesGrants).toEqual([{ resource: 'files', role: 'auditor', action: 'read' }]);
  });
});
