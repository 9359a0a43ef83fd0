import { type Principal, siteRolesMay } from '../src';
import { aWorkload } from './support/app-world';
import {
  aMember,
  anotherWorkspace,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  m2m,
  snapshot,
  team,
  type WorkspaceWorld,
  workloadCaller,
} from './support/workspace-world';

const create = (world: WorkspaceWorld, name: string, userId = world.ownerId) =>
  world.uc.collections.create.execute({ userId, workspaceId: world.workspaceId, name, context: ctx(userId) });

const acl = (world: WorkspaceWorld, name: string, caller: Principal = team(world.ownerId)) =>
  world.uc.collections.getAcl.execute({ caller, workspaceId: world.workspaceId, name });

const putAcl = (
  world: WorkspaceWorld,
  name: string,
  body: {
    grants: { role: string; action: string }[];
    workloadGrants?: { workloadId: string; action: string }[];
  },
  caller: Principal = team(world.ownerId),
) =>
  world.uc.collections.putAcl.execute({
    caller,
    workspaceId: world.workspaceId,
    name,
    ...body,
    context: ctx(world.ownerId),
  });

const ADMIN_ONLY = [
  { role: 'admin', action: 'read' },
  { role: 'admin', action: 'write' },
  { role: 'admin', action: 'delete' },
];

describe('data collections (supplement §17)', () => {
  it('start admin-only: admin holds read, write and delete, and no other role may query them', async () => {
    const world = await aWorkspaceWorld();
    const created = await create(world, 'orders');
    expect(created).toEqual({
      workspaceId: world.workspaceId,
      name: 'orders',
      createdAt: world.deps.clock.now(),
      workloadGrants: [],
    });
    expect(await acl(world, 'orders')).toEqual({ grants: ADMIN_ONLY, workloadGrants: [] });
    // Spec, Authentication 9: `user` cannot query it until that role holds a grant.
    const grants = await world.deps.uow.read.siteGrants.list(world.workspaceId);
    expect(siteRolesMay(grants, ['user'], 'orders', 'read')).toBe(false);
    expect(siteRolesMay(grants, ['admin'], 'orders', 'read')).toBe(true);
    await putAcl(world, 'orders', { grants: [{ role: 'user', action: 'read' }] });
    const after = await world.deps.uow.read.siteGrants.list(world.workspaceId);
    expect(siteRolesMay(after, ['user'], 'orders', 'read')).toBe(true);
    expect(siteRolesMay(after, ['user'], 'orders', 'write')).toBe(false);
    expect(siteRolesMay(after, ['admin'], 'orders', 'read')).toBe(false);
    expect(audited(world, 'collection.created').map((e) => e.target)).toEqual([
      { type: 'collection', id: 'orders' },
    ]);
  });

  it('refuses a bad name (422), a duplicate (409), callers without ddl (403) and a frozen workspace (403)', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    await create(world, 'orders');
    const before = snapshot(world);
    await expect(create(world, 'Orders')).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_collection_name',
    });
    await expect(create(world, 'orders')).rejects.toMatchObject({
      kind: 'conflict',
      code: 'collection_name_taken',
    });
    await expect(create(world, 'items', writer)).rejects.toMatchObject({ code: 'permission_denied' });
    expect(snapshot(world)).toBe(before);
    await freeze(world);
    await expect(create(world, 'items')).rejects.toMatchObject({ code: 'workspace_frozen' });
  });

  it('lists by name to readers and deletes with every grant on it (404 when unknown)', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    await create(world, 'zeta');
    await create(world, 'alpha');
    const list = () =>
      world.uc.collections.list
        .execute({ caller: team(member), workspaceId: world.workspaceId })
        .then((all) => all.map((c) => c.name));
    expect(await list()).toEqual(['alpha', 'zeta']);
    const remove = (name: string) =>
      world.uc.collections.delete.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        name,
        context: ctx(world.ownerId),
      });
    await remove('zeta');
    expect(await list()).toEqual(['alpha']);
    expect(
      (await world.deps.uow.read.siteGrants.list(world.workspaceId)).filter(
        (g) => g.resource === 'collection' && g.collection === 'zeta',
      ),
    ).toEqual([]);
    await expect(remove('zeta')).rejects.toMatchObject({ kind: 'not_found', code: 'collection_not_found' });
    // A new collection of the same name starts admin-only again.
    await create(world, 'zeta');
    expect((await acl(world, 'zeta')).grants).toEqual(ADMIN_ONLY);
  });
});

describe('collection ACLs (supplement §17)', () => {
  it('PUT replaces the site-role grants as sent and keeps workload grants unless they are sent', async () => {
    const world = await aWorkspaceWorld();
    const worker = await aWorkload(world, 'job');
    await create(world, 'orders');
    const first = await putAcl(world, 'orders', {
      grants: [
        { role: 'user', action: 'write' },
        { role: 'user', action: 'read' },
        { role: 'user', action: 'read' },
      ],
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    // As sent, the repeated grant once.
    expect(first).toEqual({
      grants: [
        { role: 'user', action: 'write' },
        { role: 'user', action: 'read' },
      ],
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    const second = await putAcl(world, 'orders', { grants: [{ role: 'viewer', action: 'read' }] });
    expect(second).toEqual({
      grants: [{ role: 'viewer', action: 'read' }],
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    const third = await putAcl(world, 'orders', {
      grants: [{ role: 'viewer', action: 'read' }],
      workloadGrants: [],
    });
    expect(third.workloadGrants).toEqual([]);
    expect(audited(world, 'collection.acl_updated')).toHaveLength(3);
  });

  it('falls back to admin-only when left with no site-role grant, like the Access PUT', async () => {
    const world = await aWorkspaceWorld();
    await create(world, 'orders');
    await putAcl(world, 'orders', { grants: [{ role: 'user', action: 'read' }] });
    expect((await putAcl(world, 'orders', { grants: [] })).grants).toEqual(ADMIN_ONLY);
  });

  it('refuses unknown roles and actions (422), unknown or archived workloads (404, 409), writing nothing', async () => {
    const world = await aWorkspaceWorld();
    const other = await anotherWorkspace(world);
    const foreign = await aWorkload(world, 'service', other);
    const archived = await aWorkload(world);
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: archived.id,
      context: ctx(world.ownerId),
    });
    await create(world, 'orders');
    const before = snapshot(world);
    await expect(
      putAcl(world, 'orders', { grants: [{ role: 'owner', action: 'read' }] }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      code: 'unknown_site_role',
      fieldErrors: [{ field: 'grants[0].role' }],
    });
    await expect(
      putAcl(world, 'orders', {
        grants: [
          { role: 'user', action: 'read' },
          { role: 'user', action: 'launch' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'invalid_grant_action', fieldErrors: [{ field: 'grants[1].action' }] });
    await expect(
      putAcl(world, 'orders', { grants: [], workloadGrants: [{ workloadId: foreign.id, action: 'read' }] }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'workload_not_found' });
    await expect(
      putAcl(world, 'orders', { grants: [], workloadGrants: [{ workloadId: archived.id, action: 'read' }] }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'workload_archived' });
    await expect(
      putAcl(world, 'orders', { grants: [], workloadGrants: [{ workloadId: archived.id, action: 'own' }] }),
    ).rejects.toMatchObject({ code: 'invalid_grant_action' });
    await expect(putAcl(world, 'nope', { grants: [] })).rejects.toMatchObject({
      code: 'collection_not_found',
    });
    expect(snapshot(world)).toBe(before);
  });

  it('takes back a workload grant the collection holds after its workload was archived, and grants it nothing new', async () => {
    const world = await aWorkspaceWorld();
    const worker = await aWorkload(world);
    await create(world, 'orders');
    await putAcl(world, 'orders', {
      grants: [],
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: worker.id,
      context: ctx(world.ownerId),
    });
    const sentBack = await putAcl(world, 'orders', {
      grants: [{ role: 'admin', action: 'read' }],
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    expect(sentBack.workloadGrants).toEqual([
      expect.objectContaining({ workloadId: worker.id, action: 'read' }),
    ]);
    await expect(
      putAcl(world, 'orders', {
        grants: [],
        workloadGrants: [
          { workloadId: worker.id, action: 'read' },
          { workloadId: worker.id, action: 'write' },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'workload_archived',
      detail: expect.stringContaining('workload_grants[1].coderunner_id'),
    });
  });

  it('reads need read and writes need ddl; only team members change ACLs', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const writer = await aMember(world, 'writer');
    await create(world, 'orders');
    await expect(acl(world, 'orders', team(member))).resolves.toMatchObject({ grants: ADMIN_ONLY });
    await expect(putAcl(world, 'orders', { grants: [] }, team(writer))).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(putAcl(world, 'orders', { grants: [] }, m2m(world.workspaceId))).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'caller_kind_not_allowed',
    });
    await expect(acl(world, 'orders', m2m(world.workspaceId))).rejects.toMatchObject({
      code: 'caller_kind_not_allowed',
    });
    await freeze(world);
    await expect(putAcl(world, 'orders', { grants: [] })).rejects.toMatchObject({ code: 'workspace_frozen' });
    await expect(acl(world, 'orders')).resolves.toBeDefined();
  });

  it('workload tokens see only the collections their grants open, read ACLs with read, and change nothing', async () => {
    const world = await aWorkspaceWorld();
    const other = await anotherWorkspace(world);
    const worker = await aWorkload(world);
    await create(world, 'orders');
    await create(world, 'logs');
    await create(world, 'secret-stuff');
    await putAcl(world, 'orders', {
      grants: [],
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    await putAcl(world, 'logs', { grants: [], workloadGrants: [{ workloadId: worker.id, action: 'write' }] });
    const caller = workloadCaller(world.workspaceId, worker.id);
    const listed = await world.uc.collections.list.execute({ caller, workspaceId: world.workspaceId });
    expect(listed.map((c) => c.name)).toEqual(['logs', 'orders']);
    await expect(acl(world, 'orders', caller)).resolves.toMatchObject({
      workloadGrants: [{ workloadId: worker.id, action: 'read' }],
    });
    await expect(acl(world, 'logs', caller)).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'workload_not_granted',
    });
    await expect(acl(world, 'secret-stuff', caller)).rejects.toMatchObject({ code: 'workload_not_granted' });
    await expect(putAcl(world, 'orders', { grants: [] }, caller)).rejects.toMatchObject({
      code: 'caller_kind_not_allowed',
    });
    await expect(
      world.uc.collections.list.execute({
        caller: workloadCaller(other, worker.id),
        workspaceId: world.workspaceId,
      }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(world.uc.collections.list.execute({ caller, workspaceId: other })).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });
});
