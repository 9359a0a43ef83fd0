import type { Principal, PromotionPair } from '../src';
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
  type WorkspaceWorld,
} from './support/workspace-world';

async function twoEnvironments() {
  const world = await aWorkspaceWorld();
  const prod = await anEnvironment(world, 'prod');
  return { world, devId: world.devId, prodId: prod.id };
}

const compare = (
  world: WorkspaceWorld,
  source: string,
  target: string,
  caller: Principal = team(world.ownerId),
) =>
  world.uc.apps.compare.execute({
    caller,
    workspaceId: world.workspaceId,
    sourceEnvironmentId: source,
    targetEnvironmentId: target,
  });

/** The rows as `[source slug, target slug, status]`. */
const rows = async (world: WorkspaceWorld, source: string, target: string) =>
  (await compare(world, source, target)).map((r) => [
    r.source?.slug ?? null,
    r.target?.slug ?? null,
    r.status,
  ]);

const promote = (
  world: WorkspaceWorld,
  source: string,
  target: string,
  pairs: PromotionPair[],
  options: { dryRun?: boolean; userId?: string } = {},
) => {
  const userId = options.userId ?? world.ownerId;
  return world.uc.apps.promote.execute({
    userId,
    workspaceId: world.workspaceId,
    sourceEnvironmentId: source,
    targetEnvironmentId: target,
    pairs,
    dryRun: options.dryRun,
    context: ctx(userId),
  });
};

describe('comparing apps across environments', () => {
  it('pairs apps through promotion and tells which are only on one side, the same, or different', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await seedApp(world, { slug: 'shop', environmentId: devId, manifest: { a: 1, b: 2 } });
    const blog = await seedApp(world, { slug: 'blog', environmentId: devId, name: 'Blog' });
    await seedApp(world, { slug: 'admin-tools', environmentId: prodId });
    await seedApp(world, { slug: 'zz-dev-only', environmentId: devId });
    await seedApp(world, {
      slug: 'old',
      environmentId: devId,
      status: 'archived',
      archivedAt: world.deps.clock.now(),
    });
    // Same settings in another key order, its own tracked deployment ids: the same.
    await seedApp(world, {
      slug: 'shop-prod',
      environmentId: prodId,
      promotedFromAppId: shop.id,
      manifest: { coderunner: { deployment_id: 'prod-1' }, b: 2, a: 1 },
    });
    await seedApp(world, {
      slug: 'blog-prod',
      environmentId: prodId,
      promotedFromAppId: blog.id,
      name: 'Blog!',
    });
    expect(await rows(world, devId, prodId)).toEqual([
      [null, 'admin-tools', 'only_target'],
      ['blog', 'blog-prod', 'both_differ'],
      ['shop', 'shop-prod', 'both_same'],
      ['zz-dev-only', null, 'only_source'],
    ]);
    // The other way round, the same pairs.
    expect(await rows(world, prodId, devId)).toEqual([
      ['admin-tools', null, 'only_source'],
      ['blog-prod', 'blog', 'both_differ'],
      ['shop-prod', 'shop', 'both_same'],
      [null, 'zz-dev-only', 'only_target'],
    ]);
  });

  it('counts the current releases: same content is the same, a missing or different release differs', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await seedApp(world, { slug: 'shop', environmentId: devId });
    const copy = await seedApp(world, {
      slug: 'shop-prod',
      environmentId: prodId,
      promotedFromAppId: shop.id,
    });
    const status = async () => (await compare(world, devId, prodId))[0]?.status;
    expect(await status()).toBe('both_same');
    const devRelease = seedRelease(world, shop.id, { digest: 'sha256:one' });
    expect(await status()).toBe('both_differ');
    seedRelease(world, copy.id, { digest: 'sha256:two' });
    expect(await status()).toBe('both_differ');
    const prodRelease = seedRelease(world, copy.id, { digest: 'sha256:one' });
    const [row] = await compare(world, devId, prodId);
    expect(row).toMatchObject({ status: 'both_same', sourceRelease: devRelease, targetRelease: prodRelease });
  });

  it('needs two different (400), existing (404), active (409) environments, and a team reader', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const other = await anotherWorkspace(world);
    const [otherDev] = await world.uc.listEnvironments.execute({ userId: world.ownerId, workspaceId: other });
    await expect(compare(world, devId, devId)).rejects.toMatchObject({
      kind: 'malformed',
      code: 'identical_environments',
    });
    await expect(compare(world, devId, otherDev?.id as string)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'environment_not_found',
    });
    await world.uc.updateEnvironment.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      environmentId: prodId,
      status: 'inactive',
      context: ctx(world.ownerId),
    });
    await expect(compare(world, devId, prodId)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'environment_inactive',
    });
    await expect(compare(world, devId, prodId, m2m(world.workspaceId))).rejects.toMatchObject({
      code: 'caller_kind_not_allowed',
    });
  });
});

describe('promoting apps across environments', () => {
  it('creates the target as <slug>-<environment> with the settings and access, then compare reads the same', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await createApp(world, {
      slug: 'shop',
      name: 'Shop',
      manifest: { title: 'Shop', coderunner: { deployment_id: 'dev-1' } },
      gitRepoUrl: 'https://git.example.test/shop.git',
    });
    await world.uc.apps.putAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: shop.id,
      visibility: 'restricted',
      grants: [{ role: 'user', action: 'read' }],
      context: ctx(world.ownerId),
    });
    world.deps.clock.advance(30);
    const result = await promote(world, devId, prodId, [{ sourceAppId: shop.id }]);
    const created = [...world.deps.uow.tables.apps.values()].find((a) => a.slug === 'shop-prod');
    expect(result).toEqual({
      sourceEnvironmentId: devId,
      targetEnvironmentId: prodId,
      dryRun: false,
      promoted: [
        {
          sourceAppId: shop.id,
          targetAppId: created?.id,
          created: true,
          sourceReleaseId: null,
          releaseId: null,
        },
      ],
      failed: [],
    });
    expect(created).toMatchObject({
      name: 'Shop',
      kind: 'shell_federated',
      environmentId: prodId,
      manifest: { title: 'Shop' },
      gitRepoUrl: 'https://git.example.test/shop.git',
      visibility: 'restricted',
      status: 'active',
      promotedFromAppId: shop.id,
      createdAt: world.deps.clock.now(),
    });
    const access = await world.uc.apps.getAccess.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: created?.id as string,
    });
    expect(access).toEqual({ visibility: 'restricted', grants: [{ role: 'user', action: 'read' }] });
    expect(await rows(world, devId, prodId)).toEqual([['shop', 'shop-prod', 'both_same']]);
    const [event] = audited(world, 'app.promoted');
    expect(event?.details).toMatchObject({ dry_run: false, failed: [] });
  });

  it('updates the app promoted before (or the one named), keeping its own deployment ids, slug and access', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await createApp(world, { slug: 'shop', manifest: { v: 1 } });
    await promote(world, devId, prodId, [{ sourceAppId: shop.id }]);
    const target = [...world.deps.uow.tables.apps.values()].find((a) => a.slug === 'shop-prod');
    if (!target) throw new Error('not promoted');
    await world.deps.uow.transaction((tx) =>
      tx.apps.save({ ...target, manifest: { v: 1, coderunner: { deployment_id: 'prod-7' } } }),
    );
    await world.uc.apps.update.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: shop.id,
      name: 'Shop 2',
      manifest: { v: 2, coderunner: { deployment_id: 'dev-9' } },
      context: ctx(world.ownerId),
    });
    const again = await promote(world, devId, prodId, [{ sourceAppId: shop.id }]);
    expect(again.promoted).toEqual([
      {
        sourceAppId: shop.id,
        targetAppId: target.id,
        created: false,
        sourceReleaseId: null,
        releaseId: null,
      },
    ]);
    expect(world.deps.uow.tables.apps.get(target.id)).toMatchObject({
      slug: 'shop-prod',
      name: 'Shop 2',
      manifest: { v: 2, coderunner: { deployment_id: 'prod-7' } },
    });
    expect([...world.deps.uow.tables.apps.values()]).toHaveLength(2);

    const named = await seedApp(world, { slug: 'storefront', environmentId: prodId });
    const explicit = await promote(world, devId, prodId, [{ sourceAppId: shop.id, targetAppId: named.id }]);
    expect(explicit.promoted[0]).toMatchObject({ targetAppId: named.id, created: false });
    expect(world.deps.uow.tables.apps.get(named.id)).toMatchObject({
      name: 'Shop 2',
      promotedFromAppId: shop.id,
    });
  });

  it('finds the app promoted before, and compare pairs it, past 200 apps in the target environment', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    for (let i = 0; i < 200; i++) {
      await seedApp(world, { slug: `prod-${i}`, environmentId: prodId });
      world.deps.clock.advance(1);
    }
    const shop = await createApp(world, { slug: 'shop' });
    const first = await promote(world, devId, prodId, [{ sourceAppId: shop.id }]);
    const again = await promote(world, devId, prodId, [{ sourceAppId: shop.id }]);
    expect(again.failed).toEqual([]);
    expect(again.promoted[0]).toMatchObject({ targetAppId: first.promoted[0]?.targetAppId, created: false });
    const listed = await rows(world, devId, prodId);
    expect(listed).toHaveLength(201);
    expect(listed).toContainEqual(['shop', 'shop-prod', expect.any(String)]);
  });

  it('publishes a named release of the source as the current release of the target', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await createApp(world, { slug: 'shop' });
    const older = seedRelease(world, shop.id, { digest: 'sha256:old', label: 'v1' });
    seedRelease(world, shop.id, { digest: 'sha256:new', label: 'v2' });
    const result = await promote(world, devId, prodId, [
      { sourceAppId: shop.id, sourceReleaseId: older.releaseId },
    ]);
    const promoted = result.promoted[0];
    expect(promoted).toMatchObject({ created: true, sourceReleaseId: older.releaseId });
    const current = await world.deps.uow.read.appReleases.findCurrent(promoted?.targetAppId as string);
    expect(current).toEqual({
      releaseId: promoted?.releaseId,
      appId: promoted?.targetAppId,
      label: 'v1',
      entryPath: 'remoteEntry.js',
      digest: 'sha256:old',
    });
    expect(promoted?.releaseId).not.toBe(older.releaseId);
  });

  it('reports a pair it cannot promote in failed and promotes the others', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const service = await aWorkload(world);
    const shop = await createApp(world, { slug: 'shop' });
    const store = await createApp(world, {
      slug: 'store',
      appKind: 'standalone',
      primaryCoderunnerId: service.id,
    });
    const prodApp = await seedApp(world, { slug: 'p', environmentId: prodId });
    const prodStandalone = await seedApp(world, { slug: 'ps', environmentId: prodId, kind: 'standalone' });
    const archived = await seedApp(world, {
      slug: 'gone',
      status: 'archived',
      archivedAt: world.deps.clock.now(),
    });
    const taken = await createApp(world, { slug: 'taken' });
    await seedApp(world, { slug: 'taken-prod', environmentId: prodId });
    const gone = '00000000-0000-4000-8000-00000000ffff';
    const result = await promote(world, devId, prodId, [
      { sourceAppId: gone },
      { sourceAppId: prodApp.id },
      { sourceAppId: archived.id },
      { sourceAppId: shop.id, targetAppId: gone },
      { sourceAppId: store.id, targetAppId: prodApp.id },
      { sourceAppId: taken.id },
      { sourceAppId: (await createApp(world, { slug: 'rel' })).id, sourceReleaseId: gone },
    ]);
    expect(result.failed).toEqual([
      { sourceAppId: gone, error: 'app_not_found' },
      { sourceAppId: prodApp.id, error: 'app_not_in_source_environment' },
      { sourceAppId: archived.id, error: 'app_archived' },
      { sourceAppId: shop.id, error: 'target_app_not_found' },
      { sourceAppId: store.id, error: 'app_kind_mismatch' },
      { sourceAppId: taken.id, error: 'app_slug_taken' },
      { sourceAppId: expect.any(String), error: 'release_not_found' },
    ]);
    expect(result.promoted).toEqual([]);
    const more = await promote(world, devId, prodId, [
      { sourceAppId: shop.id, targetAppId: prodStandalone.id },
      { sourceAppId: store.id, sourceReleaseId: gone },
      { sourceAppId: (await createApp(world, { slug: 'ok' })).id },
    ]);
    expect(more.failed).toEqual([
      { sourceAppId: shop.id, error: 'app_kind_mismatch' },
      { sourceAppId: store.id, error: 'app_not_shell_federated' },
    ]);
    expect(more.promoted).toHaveLength(1);
  });

  it('reports a standalone source whose primary workload was archived, for a new target', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const service = await aWorkload(world);
    const store = await createApp(world, {
      slug: 'store',
      appKind: 'standalone',
      primaryCoderunnerId: service.id,
    });
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: service.id,
      context: ctx(world.ownerId),
    });
    const result = await promote(world, devId, prodId, [{ sourceAppId: store.id }]);
    expect(result.failed).toEqual([{ sourceAppId: store.id, error: 'workload_archived' }]);
  });

  it('with dry_run reports what it would do and changes no app or release', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await createApp(world, { slug: 'shop' });
    const release = seedRelease(world, shop.id);
    const before = JSON.stringify([
      ...world.deps.uow.tables.apps.values(),
      ...world.deps.uow.tables.releases,
    ]);
    const result = await promote(
      world,
      devId,
      prodId,
      [{ sourceAppId: shop.id, sourceReleaseId: release.releaseId }],
      {
        dryRun: true,
      },
    );
    expect(result).toEqual({
      sourceEnvironmentId: devId,
      targetEnvironmentId: prodId,
      dryRun: true,
      promoted: [
        {
          sourceAppId: shop.id,
          targetAppId: null,
          created: true,
          sourceReleaseId: release.releaseId,
          releaseId: null,
        },
      ],
      failed: [],
    });
    expect(JSON.stringify([...world.deps.uow.tables.apps.values(), ...world.deps.uow.tables.releases])).toBe(
      before,
    );
    expect(audited(world, 'app.promoted')[0]?.details).toMatchObject({ dry_run: true });
  });

  it('fails a pair whose remembered target another pair names, rather than promoting two apps into one', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await seedApp(world, { slug: 'shop', environmentId: devId, name: 'Shop' });
    const blog = await seedApp(world, { slug: 'blog', environmentId: devId, name: 'Blog' });
    const shopProd = await seedApp(world, {
      slug: 'shop-prod',
      environmentId: prodId,
      promotedFromAppId: shop.id,
    });
    for (const dryRun of [true, false]) {
      const result = await promote(
        world,
        devId,
        prodId,
        [{ sourceAppId: shop.id }, { sourceAppId: blog.id, targetAppId: shopProd.id }],
        { dryRun },
      );
      expect(result.failed).toEqual([{ sourceAppId: shop.id, error: 'target_app_in_another_pair' }]);
      expect(result.promoted.map((p) => p.sourceAppId)).toEqual([blog.id]);
    }
    // shop-prod now counts as blog's copy: shop's own would be a new app, whose slug is taken.
    const again = await promote(world, devId, prodId, [{ sourceAppId: blog.id }, { sourceAppId: shop.id }]);
    expect(again.promoted).toMatchObject([{ sourceAppId: blog.id, targetAppId: shopProd.id }]);
    expect(again.failed).toEqual([{ sourceAppId: shop.id, error: 'app_slug_taken' }]);
  });

  it('promotes a legacy coderunner app into one that exists, and creates none of that kind', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const legacy = await seedApp(world, {
      slug: 'legacy',
      kind: 'coderunner',
      environmentId: devId,
      name: 'New',
    });
    const before = snapshot(world);
    const refused = await promote(world, devId, prodId, [{ sourceAppId: legacy.id }]);
    expect(refused.failed).toEqual([{ sourceAppId: legacy.id, error: 'app_kind_not_creatable' }]);
    expect(refused.promoted).toEqual([]);
    const target = await seedApp(world, { slug: 'legacy-prod', kind: 'coderunner', environmentId: prodId });
    const into = await promote(world, devId, prodId, [{ sourceAppId: legacy.id, targetAppId: target.id }]);
    expect(into.promoted).toMatchObject([{ targetAppId: target.id, created: false }]);
    expect(before).not.toBe(snapshot(world));
  });

  it('refuses a malformed request whole: repeated apps (422), too many pairs (422), environments as compare', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const shop = await createApp(world, { slug: 'shop' });
    const target = await seedApp(world, { environmentId: prodId });
    const before = snapshot(world);
    await expect(
      promote(world, devId, prodId, [{ sourceAppId: shop.id }, { sourceAppId: shop.id }]),
    ).rejects.toMatchObject({
      kind: 'invalid',
      code: 'duplicate_pair',
      fieldErrors: [{ field: 'pairs[1].source_app_id' }],
    });
    await expect(
      promote(world, devId, prodId, [
        { sourceAppId: shop.id, targetAppId: target.id },
        { sourceAppId: target.id, targetAppId: target.id },
      ]),
    ).rejects.toMatchObject({ code: 'duplicate_pair', fieldErrors: [{ field: 'pairs[1].target_app_id' }] });
    const many = Array.from({ length: 201 }, (_, i) => ({
      sourceAppId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    await expect(promote(world, devId, prodId, many)).rejects.toMatchObject({ code: 'too_many_pairs' });
    await expect(promote(world, devId, devId, [])).rejects.toMatchObject({ code: 'identical_environments' });
    expect(snapshot(world)).toBe(before);
  });

  it('needs write (members 403) and refuses a frozen workspace', async () => {
    const { world, devId, prodId } = await twoEnvironments();
    const member = await aMember(world, 'member');
    await expect(promote(world, devId, prodId, [], { userId: member })).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await freeze(world);
    await expect(promote(world, devId, prodId, [])).rejects.toMatchObject({ code: 'workspace_frozen' });
  });
});
