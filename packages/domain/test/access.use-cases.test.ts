import type { AppGrantInput, CollectionGrantInput, Principal, PutAccessInput, RoleGrantInput } from '../src';
import { addUser } from './support/app-user-world';
import { aWorkload, createApp, seedApp } from './support/app-world';
import { aCustomRole, putAuth } from './support/sign-in-world';
import {
  aMember,
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

type Body = Omit<PutAccessInput, 'caller' | 'workspaceId' | 'context'>;

const getAccess = (world: WorkspaceWorld, caller: Principal = team(world.ownerId)) =>
  world.uc.access.get.execute({ caller, workspaceId: world.workspaceId });

const putAccess = (world: WorkspaceWorld, body: Body, caller: Principal = team(world.ownerId)) =>
  world.uc.access.put.execute({
    caller,
    workspaceId: world.workspaceId,
    ...body,
    context: ctx(world.ownerId),
  });

const collection = (world: WorkspaceWorld, name: string) =>
  world.uc.collections.create.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    name,
    context: ctx(world.ownerId),
  });

const vault = (role: string, name: string, action: string): CollectionGrantInput => ({
  role,
  collection: name,
  action,
});
const launch = (role: string, appId: string): AppGrantInput => ({ role, appId, action: 'read' });
const files = (role: string, action: string): RoleGrantInput => ({ role, action });

/** Grants without the resource tag, as the spec's lists show them. */
const shown = (grants: readonly object[]) =>
  grants.map((g) => {
    const { resource: _resource, ...rest } = g as { resource: string };
    return rest;
  });

/**
 * App users signed in through the workspace's platform sign-in, one per role:
 * real app_user principals, as the HTTP layer would authenticate them.
 */
async function appUsers(world: WorkspaceWorld, roles: readonly string[]) {
  await putAuth(world, { mode: 'platform' });
  const callers: Principal[] = [];
  for (const role of roles) {
    const email = `${role}-site-user@example.test`;
    const password = `${role} site password`;
    await addUser(world, { email, password, temporaryPassword: false, role });
    const pair = await world.uc.appUserTokens.signIn.execute({
      workspaceId: world.workspaceId,
      email,
      password,
      ip: null,
    });
    const caller = await world.uc.authenticateCaller.execute(pair.access_token);
    expect(caller).toMatchObject({ kind: 'app_user', workspaceId: world.workspaceId, roles: [role] });
    callers.push(caller);
  }
  return callers;
}

async function withApps() {
  const world = await aWorkspaceWorld();
  const portal = await createApp(world, { slug: 'portal', name: 'Portal' });
  world.deps.clock.advance(1);
  const service = await aWorkload(world);
  const store = await createApp(world, {
    slug: 'store',
    name: 'Store',
    appKind: 'standalone',
    primaryCoderunnerId: service.id,
  });
  return { world, portal, store };
}

describe('Access read (spec: Access)', () => {
  it('lists the built-in roles, the active product apps and every grant', async () => {
    const { world, portal, store } = await withApps();
    await seedApp(world, { slug: 'legacy', kind: 'coderunner' });
    await seedApp(world, { slug: 'gone', status: 'archived', archivedAt: world.deps.clock.now() });
    await collection(world, 'orders');
    const document = await getAccess(world);
    expect(document.workspaceId).toBe(world.workspaceId);
    // Platform sign-in is not enabled: the built-ins are the whole catalog.
    expect(document.roles).toEqual([
      { name: 'viewer', builtin: true },
      { name: 'user', builtin: true },
      { name: 'admin', builtin: true },
    ]);
    expect(document.apps).toEqual([
      { id: portal.id, name: 'Portal', visibility: 'workspace' },
      { id: store.id, name: 'Store', visibility: 'workspace' },
    ]);
    expect(shown(document.vaultGrants)).toEqual([
      { role: 'admin', collection: 'orders', action: 'read' },
      { role: 'admin', collection: 'orders', action: 'write' },
      { role: 'admin', collection: 'orders', action: 'delete' },
    ]);
    expect(document.filesGrants).toEqual([]);
    // A `workspace` app: every role may launch it.
    const launchers = (appId: string) =>
      document.appGrants.filter((g) => g.appId === appId).map((g) => g.role);
    expect(launchers(portal.id).sort()).toEqual(['admin', 'user', 'viewer']);
    expect(launchers(store.id).sort()).toEqual(['admin', 'user', 'viewer']);
  });

  it('answers team readers', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    await expect(getAccess(world, team(member))).resolves.toMatchObject({ workspaceId: world.workspaceId });
  });

  it('PUT rule 8: app users (admin included), M2M and workloads get 403 on GET and PUT; grants unchanged', async () => {
    const { world, portal } = await withApps();
    await collection(world, 'orders');
    await putAccess(world, {
      vaultGrants: [vault('user', 'orders', 'read')],
      filesGrants: [files('viewer', 'read')],
      appGrants: [launch('viewer', portal.id)],
    });
    const worker = await aWorkload(world);
    const callers = [
      ...(await appUsers(world, ['admin', 'user'])),
      m2m(world.workspaceId),
      workloadCaller(world.workspaceId, worker.id),
    ];
    const document = await getAccess(world);
    const before = snapshot(world);
    for (const caller of callers) {
      await expect(getAccess(world, caller)).rejects.toMatchObject({
        kind: 'forbidden',
        code: 'caller_kind_not_allowed',
      });
      // A body that would change every list, were it accepted.
      await expect(
        putAccess(
          world,
          {
            vaultGrants: [vault('admin', 'orders', 'write')],
            filesGrants: [files('admin', 'write')],
            appGrants: [],
          },
          caller,
        ),
      ).rejects.toMatchObject({ kind: 'forbidden', code: 'caller_kind_not_allowed' });
      await expect(putAccess(world, {}, caller)).rejects.toMatchObject({ code: 'caller_kind_not_allowed' });
    }
    expect(snapshot(world)).toBe(before);
    expect(await getAccess(world)).toEqual(document);
    expect(audited(world, 'access.updated')).toHaveLength(1);
  });
});

describe('Access PUT (spec: Access, PUT rules)', () => {
  it('rule 1: replaces the lists sent and saves grants exactly as sent; leaving admin out removes its grant', async () => {
    const { world } = await withApps();
    await collection(world, 'orders');
    const document = await putAccess(world, {
      vaultGrants: [vault('user', 'orders', 'read'), vault('user', 'orders', 'write')],
      filesGrants: [files('viewer', 'read')],
    });
    expect(shown(document.vaultGrants)).toEqual([
      { role: 'user', collection: 'orders', action: 'read' },
      { role: 'user', collection: 'orders', action: 'write' },
    ]);
    expect(shown(document.filesGrants)).toEqual([{ role: 'viewer', action: 'read' }]);
    expect(await getAccess(world)).toEqual(document);
    expect(audited(world, 'access.updated')).toHaveLength(1);
  });

  it('rule 2: vault_grants omitted is []; collections left with no site-role grant become admin-only', async () => {
    const world = await aWorkspaceWorld();
    await collection(world, 'orders');
    await collection(world, 'logs');
    await putAccess(world, {
      vaultGrants: [vault('user', 'orders', 'read'), vault('viewer', 'logs', 'read')],
    });
    const omitted = await putAccess(world, {});
    // The collections by name, each admin-only.
    expect(shown(omitted.vaultGrants)).toEqual([
      { role: 'admin', collection: 'logs', action: 'read' },
      { role: 'admin', collection: 'logs', action: 'write' },
      { role: 'admin', collection: 'logs', action: 'delete' },
      { role: 'admin', collection: 'orders', action: 'read' },
      { role: 'admin', collection: 'orders', action: 'write' },
      { role: 'admin', collection: 'orders', action: 'delete' },
    ]);
    // The grants sent, then the fallback of the collection they left out.
    const partly = await putAccess(world, { vaultGrants: [vault('user', 'orders', 'read')] });
    expect(shown(partly.vaultGrants)).toEqual([
      { role: 'user', collection: 'orders', action: 'read' },
      { role: 'admin', collection: 'logs', action: 'read' },
      { role: 'admin', collection: 'logs', action: 'write' },
      { role: 'admin', collection: 'logs', action: 'delete' },
    ]);
  });

  it('rule 3: files_grants omitted is []', async () => {
    const world = await aWorkspaceWorld();
    await putAccess(world, { filesGrants: [files('user', 'write')] });
    expect((await putAccess(world, {})).filesGrants).toEqual([]);
  });

  it('rule 4: app_grants null or omitted leaves launch unchanged; [] restricts every product app', async () => {
    const { world, portal, store } = await withApps();
    await putAccess(world, { appGrants: [launch('viewer', portal.id), launch('user', portal.id)] });
    const before = (await getAccess(world)).appGrants;
    expect((await putAccess(world, {})).appGrants).toEqual(before);
    expect((await putAccess(world, { appGrants: null })).appGrants).toEqual(before);
    const restricted = await putAccess(world, { appGrants: [] });
    expect(restricted.appGrants).toEqual([]);
    expect(restricted.apps).toEqual([
      { id: portal.id, name: 'Portal', visibility: 'restricted' },
      { id: store.id, name: 'Store', visibility: 'restricted' },
    ]);
    const setting = await world.uc.apps.getAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: store.id,
    });
    expect(setting).toEqual({ visibility: 'restricted', grants: [] });
  });

  it("rule 4 past the app list's 200: the document covers every product app, and [] restricts them all", async () => {
    const world = await aWorkspaceWorld();
    const apps = [];
    for (let i = 0; i < 202; i++) {
      apps.push(await seedApp(world, { slug: `app-${i}` }));
      world.deps.clock.advance(1);
    }
    const last = apps[201]?.id as string;
    expect((await getAccess(world)).apps).toHaveLength(202);
    const granted = await putAccess(world, { appGrants: [launch('viewer', last)] });
    expect(granted.apps.find((a) => a.id === last)?.visibility).toBe('restricted');
    const restricted = await putAccess(world, { appGrants: [] });
    expect(restricted.apps.every((a) => a.visibility === 'restricted')).toBe(true);
    expect(world.deps.uow.tables.apps.get(last)?.visibility).toBe('restricted');
  });

  it('rule 5: preserves workload grants on each collection', async () => {
    const world = await aWorkspaceWorld();
    const worker = await aWorkload(world);
    await collection(world, 'orders');
    await world.uc.collections.putAcl.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      name: 'orders',
      grants: [],
      workloadGrants: [{ workloadId: worker.id, action: 'write' }],
      context: ctx(world.ownerId),
    });
    await putAccess(world, { vaultGrants: [vault('user', 'orders', 'read')] });
    const acl = await world.uc.collections.getAcl.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      name: 'orders',
    });
    expect(acl).toEqual({
      grants: [{ role: 'user', action: 'read' }],
      workloadGrants: [{ workloadId: worker.id, action: 'write' }],
    });
  });

  it('rule 6: every non-admin role with launch keeps an app workspace; removing one makes it restricted', async () => {
    const { world, portal, store } = await withApps();
    const everyNonAdmin = await putAccess(world, {
      appGrants: [launch('viewer', portal.id), launch('user', portal.id), launch('admin', store.id)],
    });
    expect(everyNonAdmin.apps).toEqual([
      { id: portal.id, name: 'Portal', visibility: 'workspace' },
      { id: store.id, name: 'Store', visibility: 'restricted' },
    ]);
    const withoutUser = await putAccess(world, { appGrants: [launch('viewer', portal.id)] });
    expect(withoutUser.apps[0]).toEqual({ id: portal.id, name: 'Portal', visibility: 'restricted' });
    expect(shown(withoutUser.appGrants)).toEqual([{ role: 'viewer', appId: portal.id, action: 'read' }]);
  });

  it('rule 1: app launch left without admin lists no admin grant, the app still workspace-visible', async () => {
    const { world, portal } = await withApps();
    const document = await putAccess(world, {
      appGrants: [launch('viewer', portal.id), launch('user', portal.id)],
    });
    expect(document.apps[0]).toEqual({ id: portal.id, name: 'Portal', visibility: 'workspace' });
    expect(shown(document.appGrants.filter((g) => g.appId === portal.id))).toEqual([
      { role: 'viewer', appId: portal.id, action: 'read' },
      { role: 'user', appId: portal.id, action: 'read' },
    ]);
    expect(await getAccess(world)).toEqual(document);
  });

  it('rule 1: every list reads back in the order it was sent, across collections and apps', async () => {
    const { world, portal, store } = await withApps();
    await collection(world, 'orders');
    await collection(world, 'audit');
    const sent = {
      vaultGrants: [
        vault('user', 'orders', 'write'),
        vault('viewer', 'audit', 'read'),
        vault('admin', 'orders', 'delete'),
        vault('user', 'orders', 'read'),
      ],
      filesGrants: [files('viewer', 'read'), files('admin', 'write')],
      appGrants: [launch('user', store.id), launch('admin', portal.id), launch('viewer', store.id)],
    };
    const document = await putAccess(world, sent);
    expect(shown(document.vaultGrants)).toEqual(sent.vaultGrants);
    expect(shown(document.filesGrants)).toEqual(sent.filesGrants);
    expect(shown(document.appGrants)).toEqual(sent.appGrants);
    expect(await getAccess(world)).toEqual(document);
  });

  it('rule 7: admin is an ordinary role whose grants are listed and editable', async () => {
    const world = await aWorkspaceWorld();
    await collection(world, 'orders');
    const adminReadOnly = await putAccess(world, {
      vaultGrants: [vault('admin', 'orders', 'read')],
      filesGrants: [files('admin', 'read')],
    });
    expect(shown(adminReadOnly.vaultGrants)).toEqual([
      { role: 'admin', collection: 'orders', action: 'read' },
    ]);
    expect(shown(adminReadOnly.filesGrants)).toEqual([{ role: 'admin', action: 'read' }]);
  });

  it('answers a document sent back unchanged with the same document', async () => {
    const { world, portal } = await withApps();
    await collection(world, 'orders');
    await putAccess(world, {
      vaultGrants: [vault('viewer', 'orders', 'read')],
      filesGrants: [files('user', 'read')],
      appGrants: [launch('admin', portal.id)],
    });
    const document = await getAccess(world);
    const again = await putAccess(world, {
      vaultGrants: document.vaultGrants,
      filesGrants: document.filesGrants,
      appGrants: document.appGrants,
    });
    expect(again).toEqual(document);
  });

  it('takes back grants of a custom role after platform sign-in is switched off, but grants it nothing new', async () => {
    const { world, portal } = await withApps();
    await putAuth(world, { mode: 'platform' });
    await aCustomRole(world, 'editor', ['vault:read']);
    await collection(world, 'orders');
    await putAccess(world, {
      vaultGrants: [vault('editor', 'orders', 'read')],
      filesGrants: [files('editor', 'read')],
      appGrants: [launch('editor', portal.id)],
    });
    await putAuth(world, { mode: 'none' });
    const document = await getAccess(world);
    expect(document.roles.map((r) => r.name)).toEqual(['viewer', 'user', 'admin']);
    const again = await putAccess(world, {
      vaultGrants: document.vaultGrants,
      filesGrants: document.filesGrants,
      appGrants: document.appGrants,
    });
    expect(again).toEqual(document);
    const before = snapshot(world);
    for (const [body, field] of [
      [
        { ...document, vaultGrants: [...document.vaultGrants, vault('editor', 'orders', 'write')] },
        'vault_grants[1].role',
      ],
      [{ ...document, filesGrants: [files('editor', 'write')] }, 'files_grants[0].role'],
    ] as const) {
      await expect(
        putAccess(world, {
          vaultGrants: body.vaultGrants,
          filesGrants: body.filesGrants,
          appGrants: body.appGrants,
        }),
      ).rejects.toMatchObject({ code: 'unknown_site_role', fieldErrors: [{ field }] });
    }
    expect(snapshot(world)).toBe(before);

    // The collection's ACL and the app's access setting go back as read too, and no further.
    const on = { caller: team(world.ownerId), workspaceId: world.workspaceId };
    const acl = await world.uc.collections.getAcl.execute({ ...on, name: 'orders' });
    const putAcl = (grants: { role: string; action: string }[]) =>
      world.uc.collections.putAcl.execute({ ...on, name: 'orders', grants, context: ctx(world.ownerId) });
    expect((await putAcl(acl.grants)).grants).toEqual(acl.grants);
    await expect(putAcl([...acl.grants, { role: 'editor', action: 'write' }])).rejects.toMatchObject({
      code: 'unknown_site_role',
    });
    const setting = await world.uc.apps.getAccess.execute({ ...on, appId: portal.id });
    const putAppAccess = (grants: { role: string; action: string }[]) =>
      world.uc.apps.putAccess.execute({
        ...on,
        appId: portal.id,
        visibility: setting.visibility,
        grants,
        context: ctx(world.ownerId),
      });
    expect((await putAppAccess(setting.grants)).grants).toEqual(setting.grants);
    const store = document.apps.find((a) => a.id !== portal.id)?.id as string;
    await expect(
      world.uc.apps.putAccess.execute({
        ...on,
        appId: store,
        visibility: 'restricted',
        grants: [{ role: 'editor', action: 'read' }],
        context: ctx(world.ownerId),
      }),
    ).rejects.toMatchObject({ code: 'unknown_site_role' });
  });

  it('refuses unknown roles, collections, apps and actions (422), naming the element, writing nothing', async () => {
    const { world, portal } = await withApps();
    const legacy = await seedApp(world, { slug: 'legacy', kind: 'coderunner' });
    await collection(world, 'orders');
    const before = snapshot(world);
    const cases: [Body, string, string][] = [
      [{ vaultGrants: [vault('owner', 'orders', 'read')] }, 'unknown_site_role', 'vault_grants[0].role'],
      [
        { vaultGrants: [vault('user', 'missing', 'read')] },
        'unknown_collection',
        'vault_grants[0].collection',
      ],
      [
        { vaultGrants: [vault('user', 'orders', 'launch')] },
        'invalid_grant_action',
        'vault_grants[0].action',
      ],
      [
        { filesGrants: [files('user', 'read'), files('user', 'delete')] },
        'invalid_grant_action',
        'files_grants[1].action',
      ],
      [{ appGrants: [launch('user', legacy.id)] }, 'unknown_app', 'app_grants[0].app_id'],
      [
        { appGrants: [{ role: 'user', appId: portal.id, action: 'write' }] },
        'invalid_grant_action',
        'app_grants[0].action',
      ],
      [{ appGrants: [launch('guest', portal.id)] }, 'unknown_site_role', 'app_grants[0].role'],
    ];
    for (const [body, code, field] of cases) {
      await expect(putAccess(world, body)).rejects.toMatchObject({
        kind: 'invalid',
        code,
        fieldErrors: [{ field }],
      });
    }
    expect(snapshot(world)).toBe(before);
  });

  it('needs ddl (writers 403) and refuses a frozen workspace', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const admin = await aMember(world, 'admin');
    await expect(putAccess(world, {}, team(writer))).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(putAccess(world, {}, team(admin))).resolves.toBeDefined();
    await freeze(world);
    await expect(putAccess(world, {})).rejects.toMatchObject({ code: 'workspace_frozen' });
  });
});

describe('one set of grants seen two ways', () => {
  it('a collection ACL and the vault_grants of Access read and write the same grants', async () => {
    const world = await aWorkspaceWorld();
    await collection(world, 'orders');
    await world.uc.collections.putAcl.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      name: 'orders',
      grants: [{ role: 'viewer', action: 'read' }],
      context: ctx(world.ownerId),
    });
    expect(shown((await getAccess(world)).vaultGrants)).toEqual([
      { role: 'viewer', collection: 'orders', action: 'read' },
    ]);
    await putAccess(world, { vaultGrants: [vault('user', 'orders', 'write')] });
    const acl = await world.uc.collections.getAcl.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      name: 'orders',
    });
    expect(acl.grants).toEqual([{ role: 'user', action: 'write' }]);
  });

  it("an app's access setting and the app_grants of Access read and write the same grants", async () => {
    const { world, portal } = await withApps();
    await world.uc.apps.putAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: portal.id,
      visibility: 'restricted',
      grants: [{ role: 'user', action: 'read' }],
      context: ctx(world.ownerId),
    });
    const document = await getAccess(world);
    expect(document.apps[0]).toEqual({ id: portal.id, name: 'Portal', visibility: 'restricted' });
    expect(shown(document.appGrants.filter((g) => g.appId === portal.id))).toEqual([
      { role: 'user', appId: portal.id, action: 'read' },
    ]);
    await putAccess(world, { appGrants: [launch('viewer', portal.id), launch('user', portal.id)] });
    const setting = await world.uc.apps.getAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: portal.id,
    });
    expect(setting).toEqual({
      visibility: 'workspace',
      grants: [
        { role: 'viewer', action: 'read' },
        { role: 'user', action: 'read' },
      ],
    });
  });
});

describe('a document sent back unchanged, after grants set on the app route', () => {
  const putAppAccess = (world: WorkspaceWorld, appId: string, visibility: string, grants: RoleGrantInput[]) =>
    world.uc.apps.putAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId,
      visibility,
      grants,
      context: ctx(world.ownerId),
    });
  const appSetting = (world: WorkspaceWorld, appId: string) =>
    world.uc.apps.getAccess.execute({ caller: team(world.ownerId), workspaceId: world.workspaceId, appId });
  const sendBack = async (world: WorkspaceWorld) => {
    const document = await getAccess(world);
    const again = await putAccess(world, {
      vaultGrants: document.vaultGrants,
      filesGrants: document.filesGrants,
      appGrants: document.appGrants,
    });
    return { document, again };
  };

  it('a workspace app granted to some roles lists every non-admin role as launching it, and stays workspace', async () => {
    const { world, portal } = await withApps();
    await putAppAccess(world, portal.id, 'workspace', [{ role: 'viewer', action: 'read' }]);
    const { document, again } = await sendBack(world);
    expect(document.apps.find((a) => a.id === portal.id)?.visibility).toBe('workspace');
    // Anyone who can read the workspace launches it: `user` is listed, `admin` only as saved.
    expect(document.appGrants.filter((g) => g.appId === portal.id).map((g) => g.role)).toEqual([
      'viewer',
      'user',
    ]);
    expect(again).toEqual(document);
    expect((await appSetting(world, portal.id)).visibility).toBe('workspace');
  });

  it('a restricted app granted to every role lists as workspace, and stays restricted to its roles', async () => {
    const { world, portal } = await withApps();
    const every = ['viewer', 'user', 'admin'].map((role) => ({ role, action: 'read' }));
    await putAppAccess(world, portal.id, 'restricted', every);
    const { document, again } = await sendBack(world);
    // Spec, Access: `workspace` when every non-admin role can launch it.
    expect(document.apps.find((a) => a.id === portal.id)?.visibility).toBe('workspace');
    expect(again).toEqual(document);
    expect(await appSetting(world, portal.id)).toEqual({ visibility: 'restricted', grants: every });
  });

  it("changing such an app's roles in Access still decides its visibility (rule 6)", async () => {
    const { world, portal } = await withApps();
    await putAppAccess(world, portal.id, 'workspace', [{ role: 'viewer', action: 'read' }]);
    await putAccess(world, { appGrants: [launch('viewer', portal.id)] });
    expect((await appSetting(world, portal.id)).visibility).toBe('restricted');
    await putAppAccess(world, portal.id, 'restricted', [{ role: 'viewer', action: 'read' }]);
    await putAccess(world, { appGrants: [launch('viewer', portal.id), launch('user', portal.id)] });
    expect((await appSetting(world, portal.id)).visibility).toBe('workspace');
  });
});

describe('app access (spec: Apps, GET / PUT /apps/{app_id}/access)', () => {
  it('starts workspace-visible with no grants; PUT replaces visibility and grants as sent', async () => {
    const { world, portal } = await withApps();
    const get = () =>
      world.uc.apps.getAccess.execute({
        caller: team(world.ownerId),
        workspaceId: world.workspaceId,
        appId: portal.id,
      });
    const put = (visibility: string, grants: RoleGrantInput[]) =>
      world.uc.apps.putAccess.execute({
        caller: team(world.ownerId),
        workspaceId: world.workspaceId,
        appId: portal.id,
        visibility,
        grants,
        context: ctx(world.ownerId),
      });
    expect(await get()).toEqual({ visibility: 'workspace', grants: [] });
    // Restricted: only the listed roles launch, admin only when listed.
    expect(await put('restricted', [{ role: 'viewer', action: 'read' }])).toEqual({
      visibility: 'restricted',
      grants: [{ role: 'viewer', action: 'read' }],
    });
    const launchers = async () =>
      (await getAccess(world)).appGrants.filter((g) => g.appId === portal.id).map((g) => g.role);
    expect(await launchers()).toEqual(['viewer']);
    await put('restricted', [
      { role: 'viewer', action: 'read' },
      { role: 'admin', action: 'read' },
    ]);
    expect(await launchers()).toEqual(['viewer', 'admin']);
    expect(await put('workspace', [])).toEqual({ visibility: 'workspace', grants: [] });
    expect((await launchers()).sort()).toEqual(['admin', 'user', 'viewer']);
    expect(audited(world, 'app.access_updated')).toHaveLength(3);
  });

  it('refuses a bad visibility or grant (422), callers without ddl (403), an archived app (410)', async () => {
    const { world, portal } = await withApps();
    const writer = await aMember(world, 'writer');
    const put = (visibility: string, grants: RoleGrantInput[], caller: Principal = team(world.ownerId)) =>
      world.uc.apps.putAccess.execute({
        caller,
        workspaceId: world.workspaceId,
        appId: portal.id,
        visibility,
        grants,
        context: ctx(world.ownerId),
      });
    await expect(put('private', [])).rejects.toMatchObject({ kind: 'invalid', code: 'invalid_visibility' });
    await expect(put('restricted', [{ role: 'guest', action: 'read' }])).rejects.toMatchObject({
      code: 'unknown_site_role',
    });
    await expect(put('restricted', [{ role: 'user', action: 'write' }])).rejects.toMatchObject({
      code: 'invalid_grant_action',
    });
    await expect(put('restricted', [], team(writer))).rejects.toMatchObject({ code: 'permission_denied' });
    await expect(
      world.uc.apps.getAccess.execute({
        caller: team(writer),
        workspaceId: world.workspaceId,
        appId: portal.id,
      }),
    ).rejects.toMatchObject({ code: 'permission_denied' });
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: portal.id,
      context: ctx(world.ownerId),
    });
    await expect(put('restricted', [])).rejects.toMatchObject({ kind: 'gone', code: 'app_archived' });
  });

  it('answers site users (admin included), M2M and workloads 403: team tokens only; the setting is unchanged', async () => {
    const { world, portal } = await withApps();
    await world.uc.apps.putAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: portal.id,
      visibility: 'restricted',
      grants: [{ role: 'viewer', action: 'read' }],
      context: ctx(world.ownerId),
    });
    const worker = await aWorkload(world);
    const callers = [
      ...(await appUsers(world, ['admin', 'user'])),
      m2m(world.workspaceId),
      workloadCaller(world.workspaceId, worker.id),
    ];
    const before = snapshot(world);
    for (const caller of callers) {
      await expect(
        world.uc.apps.getAccess.execute({ caller, workspaceId: world.workspaceId, appId: portal.id }),
      ).rejects.toMatchObject({ kind: 'forbidden', code: 'caller_kind_not_allowed' });
      // An admin app user trying to grant itself launch, a user trying to open the app to all.
      await expect(
        world.uc.apps.putAccess.execute({
          caller,
          workspaceId: world.workspaceId,
          appId: portal.id,
          visibility: 'workspace',
          grants: [
            { role: 'admin', action: 'read' },
            { role: 'user', action: 'read' },
          ],
          context: ctx(world.ownerId),
        }),
      ).rejects.toMatchObject({ kind: 'forbidden', code: 'caller_kind_not_allowed' });
    }
    expect(snapshot(world)).toBe(before);
    expect(
      await world.uc.apps.getAccess.execute({
        caller: team(world.ownerId),
        workspaceId: world.workspaceId,
        appId: portal.id,
      }),
    ).toEqual({ visibility: 'restricted', grants: [{ role: 'viewer', action: 'read' }] });
    expect(audited(world, 'app.access_updated')).toHaveLength(1);
  });

  it('is refused on a frozen workspace', async () => {
    const { world, portal } = await withApps();
    await freeze(world);
    await expect(
      world.uc.apps.putAccess.execute({
        caller: team(world.ownerId),
        workspaceId: world.workspaceId,
        appId: portal.id,
        visibility: 'restricted',
        grants: [],
        context: ctx(world.ownerId),
      }),
    ).rejects.toMatchObject({ code: 'workspace_frozen' });
  });
});

describe('launch by an app user with role admin (spec: App access rules)', () => {
  it('a restricted app granted only to viewer is hidden from an admin (list, GET, by-slug 404) until admin is listed', async () => {
    const { world, portal } = await withApps();
    const open = await createApp(world, { slug: 'open', name: 'Open' });
    await world.uc.apps.putAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: portal.id,
      visibility: 'restricted',
      grants: [{ role: 'viewer', action: 'read' }],
      context: ctx(world.ownerId),
    });
    const [admin] = (await appUsers(world, ['admin'])) as [Principal];
    const workspaceId = world.workspaceId;
    const listed = async () =>
      (await world.uc.apps.list.execute({ caller: admin, workspaceId })).map((a) => a.id);

    expect(await listed()).toContain(open.id);
    expect(await listed()).not.toContain(portal.id);
    await expect(
      world.uc.apps.get.execute({ caller: admin, workspaceId, appId: portal.id }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'app_not_found' });
    await expect(
      world.uc.apps.getBySlug.execute({ caller: admin, workspaceId, slug: 'portal' }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'app_not_found' });

    await world.uc.apps.putAccess.execute({
      caller: team(world.ownerId),
      workspaceId,
      appId: portal.id,
      visibility: 'restricted',
      grants: [
        { role: 'viewer', action: 'read' },
        { role: 'admin', action: 'read' },
      ],
      context: ctx(world.ownerId),
    });
    expect(await listed()).toContain(portal.id);
    expect((await world.uc.apps.get.execute({ caller: admin, workspaceId, appId: portal.id })).id).toBe(
      portal.id,
    );
    expect(
      (await world.uc.apps.getBySlug.execute({ caller: admin, workspaceId, slug: 'portal' })).app.id,
    ).toBe(portal.id);
  });
});
