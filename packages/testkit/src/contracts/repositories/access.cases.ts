/// <reference types="jest" />
import type { DataCollection, SiteGrant, UnitOfWork } from '@groundfloor/domain';
import { anEnvironment, anOrganization, at, aWorkload, aWorkspace, newId } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

async function workspaceOf(uow: UnitOfWork) {
  const org = anOrganization();
  const workspace = aWorkspace(org.id);
  await uow.transaction(async (tx) => {
    await tx.organizations.save(org);
    await tx.workspaces.save(workspace);
    await tx.environments.save(anEnvironment(workspace.id));
  });
  return workspace;
}

const aCollection = (workspaceId: string, overrides: Partial<DataCollection> = {}): DataCollection => ({
  workspaceId,
  name: 'orders',
  createdAt: at(0),
  workloadGrants: [],
  ...overrides,
});

/** Data collections, site-role grants and the release seam apps read through (issue 10). */
export function accessCases(uow: () => UnitOfWork): void {
  describe('data collections', () => {
    it('round-trips with workload grants, lists by name in code-unit order, updates and deletes', async () => {
      const workspace = await workspaceOf(uow());
      const other = await workspaceOf(uow());
      const worker = aWorkload(workspace.id);
      const orders = aCollection(workspace.id, {
        workloadGrants: [
          { workloadId: worker.id, action: 'write' },
          { workloadId: worker.id, action: 'read' },
        ],
      });
      const upper = aCollection(workspace.id, { name: 'b-2', createdAt: at(5) });
      const lower = aCollection(workspace.id, { name: 'b_1', createdAt: at(6) });
      await uow().transaction(async (tx) => {
        await tx.workloads.save(worker);
        for (const c of [orders, upper, lower]) await tx.collections.insert(c);
        await tx.collections.insert(aCollection(other.id));
      });
      expect(await uow().read.collections.find(workspace.id, 'orders')).toEqual(orders);
      expect(await uow().read.collections.find(workspace.id, 'nope')).toBeNull();
      expect(await uow().read.collections.find('not-a-uuid', 'orders')).toBeNull();
      expect((await uow().read.collections.listByWorkspace(workspace.id)).map((c) => c.name)).toEqual([
        'b-2',
        'b_1',
        'orders',
      ]);

      const changed = { ...orders, workloadGrants: [{ workloadId: worker.id, action: 'delete' as const }] };
      await uow().transaction(async (tx) => {
        expect(await tx.collections.findForUpdate(workspace.id, 'orders')).toEqual(orders);
        await tx.collections.update(changed);
      });
      expect(await uow().read.collections.find(workspace.id, 'orders')).toEqual(changed);
      expect(await uow().transaction((tx) => tx.collections.delete(workspace.id, 'orders'))).toBe(true);
      expect(await uow().transaction((tx) => tx.collections.delete(workspace.id, 'orders'))).toBe(false);
      expect(await uow().read.collections.find(workspace.id, 'orders')).toBeNull();
      expect(await uow().read.collections.find(other.id, 'orders')).not.toBeNull();
    });

    it('refuses a second collection with one name, also from a racing insert', async () => {
      const workspace = await workspaceOf(uow());
      await uow().transaction((tx) => tx.collections.insert(aCollection(workspace.id)));
      await expectDuplicate(uow().transaction((tx) => tx.collections.insert(aCollection(workspace.id))));
      const outcomes = await Promise.allSettled(
        [0, 1].map(() =>
          uow().transaction(async (tx) => {
            await tx.collections.find(workspace.id, 'race');
            await new Promise((resolve) => setImmediate(resolve));
            await tx.collections.insert(aCollection(workspace.id, { name: 'race' }));
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const [refused] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused?.reason).toMatchObject({ kind: 'conflict', code: 'duplicate' });
    });
  });

  describe('site-role grants', () => {
    it('replaces exactly the grants a target covers and lists each once, in the order saved', async () => {
      const workspace = await workspaceOf(uow());
      const other = await workspaceOf(uow());
      const appA = newId();
      const appB = newId();
      const vault: SiteGrant[] = [
        { resource: 'collection', role: 'user', collection: 'orders', action: 'read' },
        { resource: 'collection', role: 'admin', collection: 'orders', action: 'write' },
        { resource: 'collection', role: 'admin', collection: 'orders', action: 'write' },
        { resource: 'collection', role: 'viewer', collection: 'audit', action: 'read' },
      ];
      const files: SiteGrant[] = [{ resource: 'files', role: 'user', action: 'write' }];
      const launch: SiteGrant[] = [
        { resource: 'app', role: 'viewer', appId: appB, action: 'read' },
        { resource: 'app', role: 'admin', appId: appA, action: 'read' },
      ];
      await uow().transaction(async (tx) => {
        await tx.siteGrants.replace(workspace.id, { resource: 'collection' }, vault);
        await tx.siteGrants.replace(workspace.id, { resource: 'files' }, files);
        await tx.siteGrants.replace(workspace.id, { resource: 'app' }, launch);
        await tx.siteGrants.replace(other.id, { resource: 'files' }, files);
      });
      const [v0, v1, , v3] = vault as [SiteGrant, SiteGrant, SiteGrant, SiteGrant];
      const [l0, l1] = launch as [SiteGrant, SiteGrant];
      // As sent, the repeated grant once where it first appears (spec: Access, PUT rule 1).
      expect(await uow().read.siteGrants.list(workspace.id)).toEqual([v0, v1, v3, ...files, l0, l1]);
      expect(
        await uow().read.siteGrants.list(workspace.id, { resource: 'collection', collection: 'orders' }),
      ).toEqual([v0, v1]);
      expect(await uow().read.siteGrants.list(workspace.id, { resource: 'app', appId: appB })).toEqual([l0]);

      // One collection's grants, then one app's: the rest stay as they were.
      const onlyAdmin: SiteGrant = {
        resource: 'collection',
        role: 'admin',
        collection: 'orders',
        action: 'delete',
      };
      await uow().transaction(async (tx) => {
        await tx.siteGrants.replace(workspace.id, { resource: 'collection', collection: 'orders' }, [
          onlyAdmin,
        ]);
        await tx.siteGrants.replace(workspace.id, { resource: 'app', appId: appB }, []);
      });
      expect(await uow().read.siteGrants.list(workspace.id)).toEqual([v3, ...files, l1, onlyAdmin]);
      expect(await uow().read.siteGrants.list(other.id)).toEqual(files);
      expect(await uow().read.siteGrants.list('not-a-uuid')).toEqual([]);

      // Several targets at once: their grants go, and the new ones keep the order given, whatever app each names.
      const interleaved: SiteGrant[] = [
        { resource: 'app', role: 'user', appId: appB, action: 'read' },
        { resource: 'app', role: 'viewer', appId: appA, action: 'read' },
        { resource: 'app', role: 'admin', appId: appB, action: 'read' },
      ];
      await uow().transaction((tx) =>
        tx.siteGrants.replace(
          workspace.id,
          [
            { resource: 'app', appId: appA },
            { resource: 'app', appId: appB },
          ],
          interleaved,
        ),
      );
      expect(await uow().read.siteGrants.list(workspace.id, { resource: 'app' })).toEqual(interleaved);
      await expect(
        uow().transaction((tx) =>
          tx.siteGrants.replace(workspace.id, [{ resource: 'app', appId: appA }], interleaved),
        ),
      ).rejects.toThrow('grant outside the replaced target');

      await uow().transaction((tx) => tx.siteGrants.replace(workspace.id, { resource: 'collection' }, []));
      expect(await uow().read.siteGrants.list(workspace.id, { resource: 'collection' })).toEqual([]);
    });

    it('loses no grant when 8 transactions each lock the workspace, read the grants and replace them', async () => {
      const workspace = await workspaceOf(uow());
      expect(await uow().transaction((tx) => tx.workspaces.findByIdForUpdate(workspace.id))).toEqual(
        workspace,
      );
      expect(await uow().transaction((tx) => tx.workspaces.findByIdForUpdate(newId()))).toBeNull();
      const add = (role: string) =>
        uow().transaction(async (tx) => {
          await tx.workspaces.findByIdForUpdate(workspace.id);
          const current = await tx.siteGrants.list(workspace.id, { resource: 'files' });
          // Yield between the read and the write, so an unlocked implementation would interleave.
          await new Promise((resolve) => setImmediate(resolve));
          await tx.siteGrants.replace(workspace.id, { resource: 'files' }, [
            ...current,
            { resource: 'files', role, action: 'read' },
          ]);
        });
      const roles = Array.from({ length: 8 }, (_, i) => `role-${i}`);
      await Promise.all(roles.map(add));
      const listed = await uow().read.siteGrants.list(workspace.id, { resource: 'files' });
      // Every one, in whichever order the transactions got the lock.
      expect(listed.map((g) => g.role).sort()).toEqual(roles);
    });

    it('rolls a replace back with the transaction', async () => {
      const workspace = await workspaceOf(uow());
      const files: SiteGrant[] = [{ resource: 'files', role: 'user', action: 'read' }];
      await uow().transaction((tx) => tx.siteGrants.replace(workspace.id, { resource: 'files' }, files));
      const failure = new Error('halfway');
      await expect(
        uow().transaction(async (tx) => {
          await tx.siteGrants.replace(workspace.id, { resource: 'files' }, []);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await uow().read.siteGrants.list(workspace.id)).toEqual(files);
    });
  });

  describe('app releases seen from apps', () => {
    it('knows no published release of an app that has none', async () => {
      const appId = newId();
      expect(await uow().read.appReleases.findCurrent(appId)).toBeNull();
      expect(await uow().read.appReleases.findPublished(appId, newId())).toBeNull();
    });
  });
}
