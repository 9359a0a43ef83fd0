/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import {
  aMembership,
  anEnvironment,
  anOrganization,
  at,
  aUser,
  aWorkspace,
  newId,
} from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

/** Organizations, workspaces and environments. */
export function tenancyCases(uow: () => UnitOfWork): void {
  describe('organizations', () => {
    it('round-trips every field, including the limit overrides', async () => {
      const org = anOrganization({
        name: 'Acme Corp',
        planTier: 'enterprise',
        status: 'suspended',
        limitOverrides: { workspaces: 12, members: null },
        createdAt: at(4.5),
      });
      await uow().transaction((tx) => tx.organizations.save(org));
      expect(await uow().read.organizations.findById(org.id)).toEqual(org);
      expect(await uow().transaction((tx) => tx.organizations.findByIdForUpdate(org.id))).toEqual(org);
      expect(await uow().read.organizations.findById(newId())).toBeNull();
      expect(await uow().read.organizations.findById('42')).toBeNull();

      const changed = { ...org, name: 'Acme', status: 'active' as const, limitOverrides: {} };
      await uow().transaction((tx) => tx.organizations.save(changed));
      expect(await uow().read.organizations.findById(org.id)).toEqual(changed);
    });

    it('lists every organization oldest first', async () => {
      const newer = anOrganization({ createdAt: at(20) });
      const older = anOrganization({ createdAt: at(10) });
      await uow().transaction(async (tx) => {
        await tx.organizations.save(newer);
        await tx.organizations.save(older);
      });
      const ids = (await uow().read.organizations.list()).map((o) => o.id);
      expect(ids.filter((id) => id === newer.id || id === older.id)).toEqual([older.id, newer.id]);
    });

    it('listForUser keeps accepted, unexpired organization roles, oldest organization first', async () => {
      const user = aUser();
      const other = aUser();
      const a = anOrganization({ createdAt: at(30) });
      const b = anOrganization({ createdAt: at(10) });
      const pending = anOrganization({ createdAt: at(1) });
      const expired = anOrganization({ createdAt: at(2) });
      const viaWorkspace = anOrganization({ createdAt: at(3) });
      const othersOrg = anOrganization({ createdAt: at(4) });
      const workspace = aWorkspace(viaWorkspace.id);
      const now = at(1000);
      const account = (id: string) => ({ scopeType: 'account' as const, scopeId: id });
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.users.save(other);
        for (const o of [a, b, pending, expired, viaWorkspace, othersOrg]) await tx.organizations.save(o);
        await tx.workspaces.save(workspace);
        await tx.memberships.save(aMembership(user.id, account(a.id), { expiresAt: at(1001) }));
        await tx.memberships.save(aMembership(user.id, account(b.id), { role: 'owner' }));
        await tx.memberships.save(aMembership(user.id, account(pending.id), { status: 'pending' }));
        await tx.memberships.save(aMembership(user.id, account(expired.id), { expiresAt: now }));
        await tx.memberships.save(aMembership(user.id, { scopeType: 'workspace', scopeId: workspace.id }));
        await tx.memberships.save(aMembership(other.id, account(othersOrg.id)));
      });
      const listed = await uow().read.organizations.listForUser(user.id, now);
      expect(listed).toEqual([b, a]);
    });
  });

  describe('workspaces', () => {
    it('round-trips, lists by organization oldest first and counts', async () => {
      const org = anOrganization();
      const otherOrg = anOrganization();
      const second = aWorkspace(org.id, { name: 'Second', status: 'frozen', createdAt: at(20) });
      const first = aWorkspace(org.id, { name: 'First', createdAt: at(10) });
      const elsewhere = aWorkspace(otherOrg.id);
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.organizations.save(otherOrg);
        for (const w of [second, first, elsewhere]) await tx.workspaces.save(w);
      });
      expect(await uow().read.workspaces.findById(second.id)).toEqual(second);
      expect(await uow().read.workspaces.findById(newId())).toBeNull();
      expect(await uow().read.workspaces.listByOrganization(org.id)).toEqual([first, second]);
      expect(await uow().read.workspaces.countByOrganization(org.id)).toBe(2);
      expect(await uow().read.workspaces.countByOrganization(newId())).toBe(0);

      await uow().transaction((tx) => tx.workspaces.save({ ...first, name: 'Renamed' }));
      expect((await uow().read.workspaces.findById(first.id))?.name).toBe('Renamed');
      expect(await uow().transaction((tx) => tx.workspaces.findByIdForUpdate(second.id))).toEqual(second);
      expect(await uow().transaction((tx) => tx.workspaces.findByIdForUpdate(newId()))).toBeNull();
      expect(await uow().transaction((tx) => tx.workspaces.findByIdForUpdate('42'))).toBeNull();
    });

    it('findForAccess reads the workspace, its organization and the user’s memberships there in one go', async () => {
      const user = aUser();
      const other = aUser();
      const org = anOrganization({ status: 'suspended', limitOverrides: { workspaces: 2 } });
      const otherOrg = anOrganization();
      const target = aWorkspace(org.id, { status: 'frozen' });
      const sibling = aWorkspace(org.id);
      const elsewhere = aWorkspace(otherOrg.id);
      const onOrg = aMembership(user.id, { scopeType: 'account', scopeId: org.id }, { createdAt: at(2) });
      const onSibling = aMembership(
        user.id,
        { scopeType: 'workspace', scopeId: sibling.id },
        { role: 'admin', status: 'pending', createdAt: at(1), expiresAt: at(50), invitedByUserId: other.id },
      );
      const notInOrg = aMembership(user.id, { scopeType: 'workspace', scopeId: elsewhere.id });
      const notTheUser = aMembership(other.id, { scopeType: 'account', scopeId: org.id });
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.users.save(other);
        await tx.organizations.save(org);
        await tx.organizations.save(otherOrg);
        for (const w of [target, sibling, elsewhere]) await tx.workspaces.save(w);
        for (const m of [onOrg, onSibling, notInOrg, notTheUser]) await tx.memberships.save(m);
      });
      expect(await uow().read.workspaces.findForAccess(target.id, user.id)).toEqual({
        workspace: target,
        organization: org,
        memberships: [onSibling, onOrg],
      });
      const outsider = aUser();
      expect(await uow().read.workspaces.findForAccess(target.id, outsider.id)).toEqual({
        workspace: target,
        organization: org,
        memberships: [],
      });
      expect(await uow().read.workspaces.findForAccess(newId(), user.id)).toBeNull();
      expect(await uow().read.workspaces.findForAccess('42', user.id)).toBeNull();
      expect(await uow().read.workspaces.findForAccess(target.id, 'not-a-uuid')).toMatchObject({
        memberships: [],
      });
    });
  });

  describe('environments', () => {
    it('round-trips, finds by id within its workspace and by name, lists oldest first', async () => {
      const org = anOrganization();
      const ws = aWorkspace(org.id);
      const otherWs = aWorkspace(org.id);
      const prod = anEnvironment(ws.id, { name: 'prod', status: 'inactive', createdAt: at(9) });
      const dev = anEnvironment(ws.id, { name: 'dev', createdAt: at(1) });
      const sameNameElsewhere = anEnvironment(otherWs.id, { name: 'prod' });
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.workspaces.save(ws);
        await tx.workspaces.save(otherWs);
        for (const e of [prod, dev, sameNameElsewhere]) await tx.environments.save(e);
      });
      const read = uow().read.environments;
      expect(await read.findById(ws.id, prod.id)).toEqual(prod);
      expect(await read.findById(otherWs.id, prod.id)).toBeNull();
      expect(await read.findByName(ws.id, 'prod')).toEqual(prod);
      expect(await read.findByName(otherWs.id, 'prod')).toEqual(sameNameElsewhere);
      expect(await read.findByName(ws.id, 'staging')).toBeNull();
      expect(await read.listByWorkspace(ws.id)).toEqual([dev, prod]);
      expect(await read.countByWorkspace(ws.id)).toBe(2);
      expect(await read.countByWorkspace(otherWs.id)).toBe(1);
      expect(await read.countByWorkspace(newId())).toBe(0);
      expect(await read.countByWorkspace('not-a-uuid')).toBe(0);
    });

    it('refuses two environments with the same name in one workspace', async () => {
      const org = anOrganization();
      const ws = aWorkspace(org.id);
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.workspaces.save(ws);
        await tx.environments.save(anEnvironment(ws.id, { name: 'dev' }));
      });
      await expectDuplicate(
        uow().transaction((tx) => tx.environments.save(anEnvironment(ws.id, { name: 'dev' }))),
      );
    });
  });
}
