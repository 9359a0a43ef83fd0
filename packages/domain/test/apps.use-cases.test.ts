import { aWorkload, createApp, seedApp, seedRelease } from './support/app-world';
import {
  aMember,
  anEnvironment,
  anotherWorkspace,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  m2m,
  snapshot,
  team,
} from './support/workspace-world';

describe('creating apps (spec: Apps, POST /apps)', () => {
  it('defaults to a shell_federated app on dev, visible to the workspace, audited with the change', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const app = await createApp(world, { slug: 'portal', name: ' Portal ' }, writer);
    expect(app).toMatchObject({
      workspaceId: world.workspaceId,
      name: 'Portal',
      slug: 'portal',
      kind: 'shell_federated',
      environmentId: world.devId,
      primaryCoderunnerId: null,
      manifest: {},
      gitRepoUrl: null,
      visibility: 'workspace',
      status: 'active',
      archivedAt: null,
    });
    const [event] = audited(world, 'app.created');
    expect(event).toMatchObject({ target: { type: 'app', id: app.id }, workspaceId: world.workspaceId });
    expect(event?.actor).toEqual({ kind: 'user', id: writer });
  });

  it('keeps the manifest and repository URL as sent, and refuses a manifest that is not an object', async () => {
    const world = await aWorkspaceWorld();
    const manifest = { routes: ['/a'], shell: { icon: 'x' }, n: null };
    const app = await createApp(world, {
      slug: 'docs',
      manifest,
      gitRepoUrl: 'https://git.example.test/acme/docs.git',
    });
    expect(app.manifest).toEqual(manifest);
    expect(app.gitRepoUrl).toBe('https://git.example.test/acme/docs.git');
    for (const bad of [[], 'x', null, 3]) {
      await expect(createApp(world, { slug: 'bad', manifest: bad })).rejects.toMatchObject({
        code: 'invalid_manifest',
      });
    }
    await expect(createApp(world, { slug: 'bad', gitRepoUrl: 'x'.repeat(2049) })).rejects.toMatchObject({
      code: 'invalid_git_repo_url',
    });
  });

  it('holds one slug per workspace, archived apps included (409), and allows it in another workspace', async () => {
    const world = await aWorkspaceWorld();
    const other = await anotherWorkspace(world);
    const first = await createApp(world, { slug: 'shop' });
    await expect(createApp(world, { slug: 'shop' })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'app_slug_taken',
    });
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: first.id,
      context: ctx(world.ownerId),
    });
    await expect(createApp(world, { slug: 'shop' })).rejects.toMatchObject({ code: 'app_slug_taken' });
    await expect(
      world.uc.apps.create.execute({
        userId: world.ownerId,
        workspaceId: other,
        name: 'Shop',
        slug: 'shop',
        context: ctx(world.ownerId),
      }),
    ).resolves.toMatchObject({ slug: 'shop', workspaceId: other });
  });

  it('answers 409 when a concurrent create took the slug after this one checked it', async () => {
    const world = await aWorkspaceWorld();
    await createApp(world, { slug: 'race' });
    // As if the other create committed between this one's check and its insert: the check sees nothing.
    const uow = world.deps.uow;
    const transaction = uow.transaction.bind(uow);
    uow.transaction = (work) =>
      transaction((tx) =>
        work({ ...tx, apps: Object.assign(Object.create(tx.apps), { findBySlug: async () => null }) }),
      );
    await expect(createApp(world, { slug: 'race' })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'app_slug_taken',
    });
    expect([...uow.tables.apps.values()].filter((a) => a.slug === 'race')).toHaveLength(1);
  });

  it('refuses the slug rules (422) and a coderunner or unknown kind (422)', async () => {
    const world = await aWorkspaceWorld();
    await expect(createApp(world, { slug: 'Shop' })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_app_slug',
    });
    await expect(createApp(world, { slug: 'x'.repeat(64) })).rejects.toMatchObject({
      code: 'invalid_app_slug',
    });
    await expect(createApp(world, { slug: 'ok', appKind: 'coderunner' })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'app_kind_not_creatable',
    });
    await expect(createApp(world, { slug: 'ok', appKind: 'widget' })).rejects.toMatchObject({
      code: 'app_kind_not_creatable',
    });
    await expect(createApp(world, { slug: 'x'.repeat(63) })).resolves.toMatchObject({ slug: 'x'.repeat(63) });
  });

  describe('standalone apps and their primary workload', () => {
    it('need one (422) that is in the workspace (404), active (409) and a service (400)', async () => {
      const world = await aWorkspaceWorld();
      const other = await anotherWorkspace(world);
      const service = await aWorkload(world, 'service');
      const job = await aWorkload(world, 'job');
      const elsewhere = await aWorkload(world, 'service', other);
      const archived = await aWorkload(world, 'service');
      await world.uc.workloads.archive.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        workloadId: archived.id,
        context: ctx(world.ownerId),
      });
      const standalone = (primaryCoderunnerId?: string | null) =>
        createApp(world, { slug: 'store', appKind: 'standalone', primaryCoderunnerId });
      const before = snapshot(world);
      await expect(standalone(undefined)).rejects.toMatchObject({
        kind: 'invalid',
        code: 'primary_coderunner_required',
      });
      await expect(standalone(null)).rejects.toMatchObject({ code: 'primary_coderunner_required' });
      await expect(standalone(elsewhere.id)).rejects.toMatchObject({
        kind: 'not_found',
        code: 'workload_not_found',
      });
      await expect(standalone('00000000-0000-4000-8000-00000000ffff')).rejects.toMatchObject({
        code: 'workload_not_found',
      });
      await expect(standalone(archived.id)).rejects.toMatchObject({
        kind: 'conflict',
        code: 'workload_archived',
      });
      await expect(standalone(job.id)).rejects.toMatchObject({
        kind: 'malformed',
        code: 'workload_not_a_service',
      });
      expect(snapshot(world)).toBe(before);
      await expect(standalone(service.id)).resolves.toMatchObject({
        kind: 'standalone',
        primaryCoderunnerId: service.id,
      });
    });
  });

  describe('the default environment', () => {
    it('is dev; without an active dev, the only active environment; else the caller must name one (422)', async () => {
      const world = await aWorkspaceWorld();
      const prod = await anEnvironment(world, 'prod');
      expect((await createApp(world, { slug: 'a' })).environmentId).toBe(world.devId);
      await world.uc.updateEnvironment.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        environmentId: world.devId,
        status: 'inactive',
        context: ctx(world.ownerId),
      });
      expect((await createApp(world, { slug: 'b' })).environmentId).toBe(prod.id);
      await anEnvironment(world, 'staging');
      await expect(createApp(world, { slug: 'c' })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'environment_required',
      });
      expect((await createApp(world, { slug: 'c', environmentId: prod.id })).environmentId).toBe(prod.id);
      // With none active, the answer says so rather than speaking of several.
      const [staging] = (
        await world.uc.listEnvironments.execute({ userId: world.ownerId, workspaceId: world.workspaceId })
      ).filter((e) => e.name === 'staging');
      for (const environmentId of [prod.id, staging?.id as string])
        await world.uc.updateEnvironment.execute({
          userId: world.ownerId,
          workspaceId: world.workspaceId,
          environmentId,
          status: 'inactive',
          context: ctx(world.ownerId),
        });
      await expect(createApp(world, { slug: 'd' })).rejects.toMatchObject({
        code: 'environment_required',
        detail: expect.stringContaining('no active environment'),
      });
    });

    it('must be an environment of the workspace (404) and active (409)', async () => {
      const world = await aWorkspaceWorld();
      const other = await anotherWorkspace(world);
      const [otherDev] = await world.uc.listEnvironments.execute({
        userId: world.ownerId,
        workspaceId: other,
      });
      const qa = await anEnvironment(world, 'qa');
      await world.uc.updateEnvironment.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        environmentId: qa.id,
        status: 'inactive',
        context: ctx(world.ownerId),
      });
      await expect(createApp(world, { slug: 'a', environmentId: otherDev?.id })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'environment_not_found',
      });
      await expect(createApp(world, { slug: 'a', environmentId: qa.id })).rejects.toMatchObject({
        kind: 'conflict',
        code: 'environment_inactive',
      });
    });
  });

  it('needs write (members 403), and refuses a frozen workspace or suspended organization (403)', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const partner = await aMember(world, 'partner');
    await expect(createApp(world, { slug: 'a' }, member)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await expect(createApp(world, { slug: 'a' }, partner)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await freeze(world);
    await expect(createApp(world, { slug: 'a' })).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'workspace_frozen',
    });
    await freeze(world, false);
    await world.uc.operator.updateOrganization.execute({
      organizationId: world.organizationId,
      suspended: true,
      ip: null,
    });
    await expect(createApp(world, { slug: 'a' })).rejects.toMatchObject({ code: 'organization_suspended' });
    expect(world.deps.uow.tables.apps.size).toBe(0);
  });
});

describe('listing and reading apps (spec: Apps, GET)', () => {
  it('lists product apps by default; kind and include_archived filter; an unknown kind is 422', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const shell = await seedApp(world, { slug: 'shell' });
    world.deps.clock.advance(1);
    const standalone = await seedApp(world, { slug: 'standalone', kind: 'standalone' });
    world.deps.clock.advance(1);
    const legacy = await seedApp(world, { slug: 'legacy', kind: 'coderunner' });
    world.deps.clock.advance(1);
    const archived = await seedApp(world, {
      slug: 'gone',
      status: 'archived',
      archivedAt: world.deps.clock.now(),
    });
    const list = (kind?: string, includeArchived?: boolean) =>
      world.uc.apps.list
        .execute({ caller: team(member), workspaceId: world.workspaceId, kind, includeArchived })
        .then((apps) => apps.map((a) => a.slug));
    expect(await list()).toEqual([shell.slug, standalone.slug]);
    expect(await list('product')).toEqual([shell.slug, standalone.slug]);
    expect(await list('shell_federated')).toEqual([shell.slug]);
    expect(await list('standalone')).toEqual([standalone.slug]);
    expect(await list('coderunner')).toEqual([legacy.slug]);
    expect(await list('all')).toEqual([shell.slug, standalone.slug, legacy.slug]);
    expect(await list('all', true)).toEqual([shell.slug, standalone.slug, legacy.slug, archived.slug]);
    expect(await list(undefined, true)).toEqual([shell.slug, standalone.slug, archived.slug]);
    await expect(list('apps')).rejects.toMatchObject({ kind: 'invalid', code: 'app_kind_filter_invalid' });
  });

  it('lists at most 200 apps', async () => {
    const world = await aWorkspaceWorld();
    for (let i = 0; i < 201; i++) await seedApp(world, { slug: `app-${i}` });
    const apps = await world.uc.apps.list.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
    });
    expect(apps).toHaveLength(200);
  });

  it('reads one app, archived or not, only through its own workspace; other caller kinds get 403', async () => {
    const world = await aWorkspaceWorld();
    const other = await anotherWorkspace(world);
    const app = await seedApp(world, { status: 'archived', archivedAt: world.deps.clock.now() });
    const get = (workspaceId: string) =>
      world.uc.apps.get.execute({ caller: team(world.ownerId), workspaceId, appId: app.id });
    await expect(get(world.workspaceId)).resolves.toEqual(app);
    await expect(get(other)).rejects.toMatchObject({ kind: 'not_found', code: 'app_not_found' });
    await expect(
      world.uc.apps.get.execute({
        caller: m2m(world.workspaceId),
        workspaceId: world.workspaceId,
        appId: app.id,
      }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'caller_kind_not_allowed' });
  });
});

describe('changing apps (spec: Apps, PATCH)', () => {
  it('changes name, manifest (whole), git_repo_url (null clears) and primary workload, audited once', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const first = await aWorkload(world);
    const second = await aWorkload(world);
    const app = await createApp(world, {
      slug: 'store',
      appKind: 'standalone',
      primaryCoderunnerId: first.id,
      manifest: { a: 1, b: 2 },
      gitRepoUrl: 'https://git.example.test/a.git',
    });
    world.deps.clock.advance(5);
    const update = (fields: Record<string, unknown>) =>
      world.uc.apps.update.execute({
        userId: writer,
        workspaceId: world.workspaceId,
        appId: app.id,
        ...fields,
        context: ctx(writer),
      });
    const changed = await update({
      name: 'Store',
      manifest: { c: 3 },
      gitRepoUrl: null,
      primaryCoderunnerId: second.id,
    });
    expect(changed).toMatchObject({
      name: 'Store',
      manifest: { c: 3 },
      gitRepoUrl: null,
      primaryCoderunnerId: second.id,
      slug: 'store',
      updatedAt: world.deps.clock.now(),
    });
    expect(audited(world, 'app.updated').map((e) => e.details)).toEqual([
      { fields: ['name', 'manifest', 'git_repo_url', 'primary_coderunner_id'] },
    ]);
    await update({ name: 'Store' });
    expect(audited(world, 'app.updated')).toHaveLength(1);
  });

  it('checks the primary workload as create does, and a standalone app cannot drop it', async () => {
    const world = await aWorkspaceWorld();
    const service = await aWorkload(world);
    const job = await aWorkload(world, 'job');
    const standalone = await createApp(world, {
      slug: 's',
      appKind: 'standalone',
      primaryCoderunnerId: service.id,
    });
    const shell = await createApp(world, { slug: 'f', primaryCoderunnerId: service.id });
    const update = (appId: string, primaryCoderunnerId: string | null) =>
      world.uc.apps.update.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        appId,
        primaryCoderunnerId,
        context: ctx(world.ownerId),
      });
    await expect(update(standalone.id, null)).rejects.toMatchObject({ code: 'primary_coderunner_required' });
    await expect(update(standalone.id, job.id)).rejects.toMatchObject({ code: 'workload_not_a_service' });
    await expect(update(standalone.id, '00000000-0000-4000-8000-00000000ffff')).rejects.toMatchObject({
      code: 'workload_not_found',
    });
    await expect(update(shell.id, null)).resolves.toMatchObject({ primaryCoderunnerId: null });
  });

  it('refuses invalid fields (422), members (403), and an archived app (410)', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const app = await createApp(world, { slug: 'a' });
    const update = (fields: Record<string, unknown>, userId = world.ownerId) =>
      world.uc.apps.update.execute({
        userId,
        workspaceId: world.workspaceId,
        appId: app.id,
        ...fields,
        context: ctx(userId),
      });
    await expect(update({ name: '' })).rejects.toMatchObject({ code: 'invalid_name' });
    // Names count characters as people do: 200 emoji fit, 201 do not.
    expect((await update({ name: '🚀'.repeat(200) })).name).toBe('🚀'.repeat(200));
    await expect(update({ name: '🚀'.repeat(201) })).rejects.toMatchObject({ code: 'invalid_name' });
    await expect(update({ manifest: [1] })).rejects.toMatchObject({ code: 'invalid_manifest' });
    await expect(update({ name: 'B' }, member)).rejects.toMatchObject({ code: 'permission_denied' });
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(world.ownerId),
    });
    await expect(update({ name: 'B' })).rejects.toMatchObject({ kind: 'gone', code: 'app_archived' });
  });
});

describe('archiving and restoring (spec: App state table)', () => {
  it('archives on delete, restores, refuses to restore an active app (409), and deletes twice quietly', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const member = await aMember(world, 'member');
    const app = await createApp(world, { slug: 'a' });
    const input = (userId: string) => ({
      userId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(userId),
    });
    await expect(world.uc.apps.restore.execute(input(writer))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'app_not_archived',
    });
    await expect(world.uc.apps.archive.execute(input(member))).rejects.toMatchObject({
      code: 'permission_denied',
    });
    world.deps.clock.advance(10);
    await expect(world.uc.apps.archive.execute(input(writer))).resolves.toBeUndefined();
    const archived = await world.uc.apps.get.execute({
      caller: team(writer),
      workspaceId: world.workspaceId,
      appId: app.id,
    });
    expect(archived).toMatchObject({ status: 'archived', archivedAt: world.deps.clock.now() });
    await world.uc.apps.archive.execute(input(writer));
    expect(audited(world, 'app.archived')).toHaveLength(1);
    const restored = await world.uc.apps.restore.execute(input(writer));
    expect(restored).toMatchObject({ status: 'active', archivedAt: null, slug: 'a' });
    expect(audited(world, 'app.restored')).toHaveLength(1);
  });

  it('refuses both on a frozen workspace', async () => {
    const world = await aWorkspaceWorld();
    const app = await createApp(world, { slug: 'a' });
    await freeze(world);
    const input = {
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(world.ownerId),
    };
    await expect(world.uc.apps.archive.execute(input)).rejects.toMatchObject({ code: 'workspace_frozen' });
    await expect(world.uc.apps.restore.execute(input)).rejects.toMatchObject({ code: 'workspace_frozen' });
  });
});

describe('Shell configuration and the public bootstrap', () => {
  async function withShellApp() {
    const world = await aWorkspaceWorld();
    const app = await createApp(world, { slug: 'portal', name: 'Portal', manifest: { title: 'Portal' } });
    return { world, app };
  }

  it('by-slug answers an active shell_federated app with its current release; other slugs are 404', async () => {
    const { world, app } = await withShellApp();
    const member = await aMember(world, 'member');
    const bySlug = (slug: string) =>
      world.uc.apps.getBySlug.execute({ caller: team(member), workspaceId: world.workspaceId, slug });
    await expect(bySlug('portal')).resolves.toEqual({ app, release: null });
    const release = seedRelease(world, app.id, { label: 'v2', entryPath: 'dist/remote entry.js' });
    await expect(bySlug('portal')).resolves.toEqual({
      app,
      release: {
        releaseId: release.releaseId,
        label: 'v2',
        remoteEntryUrl: `http://control.test/v1/public/releases/${release.releaseId}/dist/remote%20entry.js`,
      },
    });
    await seedApp(world, { slug: 'standalone', kind: 'standalone' });
    await seedApp(world, { slug: 'archived', status: 'archived', archivedAt: world.deps.clock.now() });
    for (const slug of ['nope', 'standalone', 'archived', 'Portal']) {
      await expect(bySlug(slug)).rejects.toMatchObject({ kind: 'not_found', code: 'app_not_found' });
    }
  });

  it('shell-config is for shell_federated apps (400 otherwise) that are active (410)', async () => {
    const { world, app } = await withShellApp();
    const standalone = await seedApp(world, { kind: 'standalone' });
    const config = (appId: string) =>
      world.uc.apps.shellConfig.execute({
        caller: team(world.ownerId),
        workspaceId: world.workspaceId,
        appId,
      });
    await expect(config(app.id)).resolves.toEqual({ app, release: null });
    await expect(config(standalone.id)).rejects.toMatchObject({
      kind: 'malformed',
      code: 'app_not_shell_federated',
    });
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(world.ownerId),
    });
    await expect(config(app.id)).rejects.toMatchObject({ kind: 'gone', code: 'app_archived' });
  });

  it('the public bootstrap needs no caller and answers {app_id, slug, name, workspace_id, release}', async () => {
    const { world, app } = await withShellApp();
    const bootstrap = (workspaceId: string, slug: string) =>
      world.uc.apps.publicBootstrap.execute({ workspaceId, slug });
    await expect(bootstrap(world.workspaceId, 'portal')).resolves.toEqual({
      appId: app.id,
      slug: 'portal',
      name: 'Portal',
      workspaceId: world.workspaceId,
      release: null,
    });
    const release = seedRelease(world, app.id, { label: null });
    await expect(bootstrap(world.workspaceId, 'portal')).resolves.toMatchObject({
      release: {
        releaseId: release.releaseId,
        label: null,
        remoteEntryUrl: `http://control.test/v1/public/releases/${release.releaseId}/remoteEntry.js`,
      },
    });
    const other = await anotherWorkspace(world);
    await expect(bootstrap(other, 'portal')).rejects.toMatchObject({ code: 'app_not_found' });
    await expect(bootstrap('00000000-0000-4000-8000-00000000ffff', 'portal')).rejects.toMatchObject({
      code: 'app_not_found',
    });
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(world.ownerId),
    });
    await expect(bootstrap(world.workspaceId, 'portal')).rejects.toMatchObject({ code: 'app_not_found' });
  });
});
