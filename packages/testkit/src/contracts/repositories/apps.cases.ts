/// <reference types="jest" />
import type { App, UnitOfWork } from '@groundfloor/domain';
import { anApp, anEnvironment, anOrganization, at, aWorkload, aWorkspace, newId } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

async function tenancy(uow: UnitOfWork) {
  const org = anOrganization();
  const workspace = aWorkspace(org.id);
  const dev = anEnvironment(workspace.id, { name: 'dev' });
  const prod = anEnvironment(workspace.id, { name: 'prod' });
  await uow.transaction(async (tx) => {
    await tx.organizations.save(org);
    await tx.workspaces.save(workspace);
    await tx.environments.save(dev);
    await tx.environments.save(prod);
  });
  return { org, workspace, dev, prod };
}

/** Workloads and apps (issue 10). */
export function appsAndWorkloadsCases(uow: () => UnitOfWork): void {
  describe('workloads', () => {
    it('round-trips, finds only inside its workspace, lists oldest first with archived ones', async () => {
      const { workspace } = await tenancy(uow());
      const other = await tenancy(uow());
      const newer = aWorkload(workspace.id, { name: 'worker', kind: 'job', createdAt: at(20) });
      const older = aWorkload(workspace.id, {
        manifest: { z: 1, a: { coderunner: { definition_id: 'd-1' } }, list: [null, 2.5] },
        createdAt: at(10),
      });
      const elsewhere = aWorkload(other.workspace.id);
      await uow().transaction(async (tx) => {
        for (const w of [newer, older, elsewhere]) await tx.workloads.save(w);
      });
      expect(await uow().read.workloads.findById(workspace.id, older.id)).toEqual(older);
      expect(JSON.stringify((await uow().read.workloads.findById(workspace.id, older.id))?.manifest)).toBe(
        JSON.stringify(older.manifest),
      );
      expect(await uow().read.workloads.findById(workspace.id, elsewhere.id)).toBeNull();
      expect(await uow().read.workloads.findById(workspace.id, 'not-a-uuid')).toBeNull();
      expect(await uow().read.workloads.listByWorkspace(workspace.id)).toEqual([older, newer]);

      const archived = { ...newer, status: 'archived' as const, archivedAt: at(30) };
      await uow().transaction(async (tx) => {
        const locked = await tx.workloads.findByIdForUpdate(workspace.id, newer.id);
        expect(locked).toEqual(newer);
        await tx.workloads.save(archived);
      });
      expect(await uow().read.workloads.listByWorkspace(workspace.id)).toEqual([older, archived]);
    });
  });

  describe('apps', () => {
    it('round-trips every field and finds by id and slug only inside its workspace', async () => {
      const { workspace, dev } = await tenancy(uow());
      const other = await tenancy(uow());
      const service = aWorkload(workspace.id);
      const source = anApp(workspace.id, dev.id);
      const app = anApp(workspace.id, dev.id, {
        name: 'Store front',
        slug: 'store-front',
        kind: 'standalone',
        primaryCoderunnerId: service.id,
        manifest: { z: 1, a: [1, 'x', null], nested: { b: true } },
        gitRepoUrl: 'https://git.example.test/acme/store.git',
        visibility: 'restricted',
        promotedFromAppId: source.id,
        createdAt: at(5),
        updatedAt: at(6),
      });
      await uow().transaction(async (tx) => {
        await tx.workloads.save(service);
        await tx.apps.save(source);
        await tx.apps.save(app);
      });
      expect(await uow().read.apps.findById(workspace.id, app.id)).toEqual(app);
      expect(JSON.stringify((await uow().read.apps.findById(workspace.id, app.id))?.manifest)).toBe(
        JSON.stringify(app.manifest),
      );
      expect(await uow().read.apps.findBySlug(workspace.id, 'store-front')).toEqual(app);
      expect(await uow().read.apps.findBySlug(workspace.id, 'Store-front')).toBeNull();
      expect(await uow().read.apps.findBySlug(other.workspace.id, 'store-front')).toBeNull();
      expect(await uow().read.apps.findById(other.workspace.id, app.id)).toBeNull();
      expect(await uow().read.apps.findById(workspace.id, 'not-a-uuid')).toBeNull();

      const archived: App = { ...app, status: 'archived', archivedAt: at(9), updatedAt: at(9), name: 'Old' };
      await uow().transaction(async (tx) => {
        expect(await tx.apps.findByIdForUpdate(workspace.id, app.id)).toEqual(app);
        await tx.apps.save(archived);
      });
      expect(await uow().read.apps.findBySlug(workspace.id, 'store-front')).toEqual(archived);
    });

    it('holds one slug per workspace, archived apps included, and the same slug in another workspace', async () => {
      const { workspace, dev, prod } = await tenancy(uow());
      const other = await tenancy(uow());
      await uow().transaction((tx) =>
        tx.apps.save(anApp(workspace.id, dev.id, { slug: 'shop', status: 'archived', archivedAt: at(1) })),
      );
      await expectDuplicate(
        uow().transaction((tx) => tx.apps.save(anApp(workspace.id, prod.id, { slug: 'shop' }))),
      );
      await uow().transaction((tx) =>
        tx.apps.save(anApp(other.workspace.id, other.dev.id, { slug: 'shop' })),
      );
      expect((await uow().read.apps.findBySlug(other.workspace.id, 'shop'))?.workspaceId).toBe(
        other.workspace.id,
      );
    });

    it('lets exactly one of two racing inserts of one slug commit', async () => {
      const { workspace, dev } = await tenancy(uow());
      const contenders = [
        anApp(workspace.id, dev.id, { slug: 'race' }),
        anApp(workspace.id, dev.id, { slug: 'race' }),
      ];
      const outcomes = await Promise.allSettled(
        contenders.map((app) =>
          uow().transaction(async (tx) => {
            await tx.apps.findBySlug(workspace.id, 'race');
            await new Promise((resolve) => setImmediate(resolve));
            await tx.apps.save(app);
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const [refused] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused?.reason).toMatchObject({ kind: 'conflict', code: 'duplicate' });
      const listed = await uow().read.apps.list({
        workspaceId: workspace.id,
        kinds: ['shell_federated'],
        includeArchived: true,
        limit: 10,
      });
      expect(listed).toHaveLength(1);
    });

    it('lists by kind, archived only when asked, by environment, oldest first, at most the limit', async () => {
      const { workspace, dev, prod } = await tenancy(uow());
      const other = await tenancy(uow());
      const [lowId, highId] = [newId(), newId()].sort() as [string, string];
      const shell = anApp(workspace.id, dev.id, { id: highId, slug: 'a-shell', createdAt: at(1) });
      const tie = anApp(workspace.id, prod.id, { id: lowId, slug: 'b-tie', createdAt: at(1) });
      const standalone = anApp(workspace.id, dev.id, { slug: 'c', kind: 'standalone', createdAt: at(2) });
      const legacy = anApp(workspace.id, dev.id, { slug: 'd', kind: 'coderunner', createdAt: at(3) });
      const archived = anApp(workspace.id, prod.id, {
        slug: 'e',
        status: 'archived',
        archivedAt: at(5),
        createdAt: at(4),
      });
      const elsewhere = anApp(other.workspace.id, other.dev.id, { createdAt: at(0) });
      await uow().transaction(async (tx) => {
        for (const a of [archived, legacy, standalone, shell, tie, elsewhere]) await tx.apps.save(a);
      });
      const list = (query: Partial<Parameters<UnitOfWork['read']['apps']['list']>[0]>) =>
        uow()
          .read.apps.list({
            workspaceId: workspace.id,
            kinds: ['shell_federated', 'standalone', 'coderunner'],
            includeArchived: false,
            limit: 10,
            ...query,
          })
          .then((apps) => apps.map((a) => a.slug));
      expect(await list({})).toEqual(['b-tie', 'a-shell', 'c', 'd']);
      expect(await list({ includeArchived: true })).toEqual(['b-tie', 'a-shell', 'c', 'd', 'e']);
      expect(await list({ kinds: ['shell_federated', 'standalone'] })).toEqual(['b-tie', 'a-shell', 'c']);
      expect(await list({ kinds: ['coderunner'] })).toEqual(['d']);
      expect(await list({ kinds: [] })).toEqual([]);
      expect(await list({ environmentId: prod.id, includeArchived: true })).toEqual(['b-tie', 'e']);
      expect(await list({ environmentId: 'not-a-uuid' })).toEqual([]);
      expect(await list({ limit: 2 })).toEqual(['b-tie', 'a-shell']);
      expect(await list({ limit: undefined, includeArchived: true })).toEqual([
        'b-tie',
        'a-shell',
        'c',
        'd',
        'e',
      ]);
      expect(await list({ workspaceId: 'not-a-uuid' })).toEqual([]);
    });
  });
}
