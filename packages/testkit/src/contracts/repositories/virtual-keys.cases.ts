/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import { anOrganization, at, aWorkspace, newId } from '../contract-fixtures';

async function twoWorkspaces(uow: UnitOfWork) {
  const org = anOrganization();
  const workspace = aWorkspace(org.id);
  const other = aWorkspace(org.id);
  await uow.transaction(async (tx) => {
    await tx.organizations.save(org);
    await tx.workspaces.save(workspace);
    await tx.workspaces.save(other);
  });
  return { workspace, other };
}

/** Model-gateway virtual key records (issue 12): the alias, never the key. */
export function virtualKeyCases(uow: () => UnitOfWork): void {
  describe('virtual keys', () => {
    it('has no record until a workspace mints, then the latest saved, per workspace', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      expect(await uow().read.virtualKeys.find(workspace.id)).toBeNull();
      await uow().transaction((tx) =>
        tx.virtualKeys.save({
          workspaceId: workspace.id,
          aliasCount: 1,
          currentAlias: `${workspace.id}:1`,
          updatedAt: at(1),
        }),
      );
      await uow().transaction(async (tx) => {
        const record = await tx.virtualKeys.findForUpdate(workspace.id);
        if (!record) throw new Error('saved record not found');
        record.aliasCount = 2;
        record.currentAlias = null;
        record.updatedAt = at(2);
        await tx.virtualKeys.save(record);
      });
      expect(await uow().read.virtualKeys.find(workspace.id)).toEqual({
        workspaceId: workspace.id,
        aliasCount: 2,
        currentAlias: null,
        updatedAt: at(2),
      });
      expect(await uow().read.virtualKeys.find(other.id)).toBeNull();
    });

    it('finds nothing for an id that is not a workspace', async () => {
      expect(await uow().read.virtualKeys.find(newId())).toBeNull();
      expect(await uow().read.virtualKeys.find('not-a-uuid')).toBeNull();
    });
  });
}
