/// <reference types="jest" />
import type { Membership, UnitOfWork } from '@groundfloor/domain';
import { aMembership, anOrganization, at, aUser, aWorkspace, newId } from '../contract-fixtures';

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

/** What the membership routes read: rows by ids, the member list, and the scope's owners under lock. */
export function memberLookupCases(uow: () => UnitOfWork): void {
  describe('lookups by ids', () => {
    it('find users, organizations and workspaces by ids, leaving out unknown and malformed ids', async () => {
      const [u1, u2] = [aUser(), aUser()];
      const [o1, o2] = [anOrganization(), anOrganization({ name: 'Beta' })];
      const [w1, w2] = [aWorkspace(o1.id), aWorkspace(o2.id, { name: 'Other' })];
      await uow().transaction(async (tx) => {
        for (const u of [u1, u2]) await tx.users.save(u);
        for (const o of [o1, o2]) await tx.organizations.save(o);
        for (const w of [w1, w2]) await tx.workspaces.save(w);
      });
      const read = uow().read;
      expect(byId(await read.users.findByIds([u2.id, u1.id, u1.id, newId(), 'nope']))).toEqual(
        byId([u1, u2]),
      );
      expect(byId(await read.organizations.findByIds([o1.id, o2.id, newId()]))).toEqual(byId([o1, o2]));
      expect(await read.workspaces.findByIds([w2.id, 'nope'])).toEqual([w2]);
      expect(await read.users.findByIds([])).toEqual([]);
      expect(await read.organizations.findByIds([])).toEqual([]);
      expect(await read.workspaces.findByIds([])).toEqual([]);
    });
  });

  describe('member list and owners of a scope', () => {
    it('lists team members oldest first, at most `limit`, without legacy app-user rows', async () => {
      const org = anOrganization();
      const [a, b, c] = [aUser(), aUser(), aUser()];
      const legacy = aUser({ idpRealm: 'old-realm' });
      const scope = { scopeType: 'account' as const, scopeId: org.id };
      const ma = aMembership(a.id, scope, { createdAt: at(3) });
      const mb = aMembership(b.id, scope, { createdAt: at(1), status: 'pending' });
      const mc = aMembership(c.id, scope, { createdAt: at(4) });
      const ml = aMembership(legacy.id, scope, { createdAt: at(2) });
      await uow().transaction(async (tx) => {
        for (const u of [a, b, c, legacy]) await tx.users.save(u);
        await tx.organizations.save(org);
        for (const m of [ma, mb, mc, ml]) await tx.memberships.save(m);
      });
      const read = uow().read.memberships;
      expect(await read.listTeamMembersOfScope('account', org.id, 10)).toEqual([mb, ma, mc]);
      expect(await read.listTeamMembersOfScope('account', org.id, 2)).toEqual([mb, ma]);
      expect(await read.listTeamMembersOfScope('workspace', org.id, 10)).toEqual([]);
      expect(await read.listForScope('account', org.id, 10)).toEqual([mb, ml, ma, mc]);
    });

    it('lists every owner row of the scope, any status, ordered by id', async () => {
      const org = anOrganization();
      const ws = aWorkspace(org.id);
      const users = [aUser(), aUser(), aUser(), aUser()];
      const scope = { scopeType: 'account' as const, scopeId: org.id };
      const owners = [
        aMembership(users[0]?.id ?? '', scope, { role: 'owner' }),
        aMembership(users[1]?.id ?? '', scope, { role: 'owner', status: 'pending' }),
      ];
      const others = [
        aMembership(users[2]?.id ?? '', scope, { role: 'admin' }),
        aMembership(users[3]?.id ?? '', { scopeType: 'workspace', scopeId: ws.id }, { role: 'owner' }),
      ];
      await uow().transaction(async (tx) => {
        for (const u of users) await tx.users.save(u);
        await tx.organizations.save(org);
        await tx.workspaces.save(ws);
        for (const m of [...others, ...owners]) await tx.memberships.save(m);
      });
      const listed = await uow().transaction((tx) =>
        tx.memberships.listOwnersOfScopeForUpdate('account', org.id),
      );
      expect(listed).toEqual(byId(owners));
      expect(await uow().read.memberships.listOwnersOfScopeForUpdate('account', newId())).toEqual([]);
    });

    it("makes a second transaction wait for the first's owner locks, then see its change", async () => {
      const org = anOrganization();
      const [a, b] = [aUser(), aUser()];
      const scope = { scopeType: 'account' as const, scopeId: org.id };
      const [ownerA, ownerB] = [
        aMembership(a.id, scope, { role: 'owner' }),
        aMembership(b.id, scope, { role: 'owner' }),
      ];
      await uow().transaction(async (tx) => {
        for (const u of [a, b]) await tx.users.save(u);
        await tx.organizations.save(org);
        for (const m of [ownerA, ownerB]) await tx.memberships.save(m);
      });
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const first = uow().transaction(async (tx) => {
        expect(await tx.memberships.listOwnersOfScopeForUpdate('account', org.id)).toHaveLength(2);
        locked();
        await gate;
        await tx.memberships.save({ ...ownerA, role: 'admin' });
      });
      await holding;
      let seen: Membership[] | undefined;
      const second = uow().transaction(async (tx) => {
        seen = await tx.memberships.listOwnersOfScopeForUpdate('account', org.id);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toBeUndefined();
      release();
      await first;
      await second;
      expect(seen).toEqual([ownerB]);
    });
  });
}
