/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import {
  aMembership,
  anAuditEvent,
  anOrganization,
  at,
  aUser,
  aWorkspace,
  newId,
} from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

/** Memberships (polymorphic scope) and the audit log. */
export function membershipAndAuditCases(uow: () => UnitOfWork): void {
  describe('memberships', () => {
    it('round-trips every field and finds by user and scope', async () => {
      const user = aUser();
      const inviter = aUser();
      const org = anOrganization();
      const full = aMembership(
        user.id,
        { scopeType: 'account', scopeId: org.id },
        {
          role: 'billing_admin',
          status: 'pending',
          createdAt: at(3),
          expiresAt: at(99),
          invitedByUserId: inviter.id,
        },
      );
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.users.save(inviter);
        await tx.organizations.save(org);
        await tx.memberships.save(full);
      });
      const read = uow().read.memberships;
      expect(await read.findById(full.id)).toEqual(full);
      expect(await read.findForUserOnScope(user.id, 'account', org.id)).toEqual(full);
      expect(await read.findForUserOnScope(user.id, 'workspace', org.id)).toBeNull();
      expect(await read.findById('x')).toBeNull();

      const accepted = { ...full, status: 'accepted' as const, role: 'admin' as const, expiresAt: null };
      await uow().transaction(async (tx) => {
        expect(await tx.memberships.findByIdForUpdate(full.id)).toEqual(full);
        await tx.memberships.save(accepted);
      });
      expect(await read.findById(full.id)).toEqual(accepted);
    });

    it('lists for a user and for a scope oldest first, the latter at most `limit`', async () => {
      const [u1, u2, u3] = [aUser(), aUser(), aUser()];
      const org = anOrganization();
      const ws = aWorkspace(org.id);
      const onOrg = (userId: string, s: number) =>
        aMembership(userId, { scopeType: 'account', scopeId: org.id }, { createdAt: at(s) });
      const m3 = onOrg(u3.id, 30);
      const m1 = onOrg(u1.id, 10);
      const m2 = onOrg(u2.id, 20);
      const u1OnWs = aMembership(u1.id, { scopeType: 'workspace', scopeId: ws.id }, { createdAt: at(5) });
      await uow().transaction(async (tx) => {
        for (const u of [u1, u2, u3]) await tx.users.save(u);
        await tx.organizations.save(org);
        await tx.workspaces.save(ws);
        for (const m of [m3, m1, m2, u1OnWs]) await tx.memberships.save(m);
      });
      const read = uow().read.memberships;
      expect(await read.listForScope('account', org.id, 10)).toEqual([m1, m2, m3]);
      expect(await read.listForScope('account', org.id, 2)).toEqual([m1, m2]);
      expect(await read.listForScope('workspace', org.id, 10)).toEqual([]);
      expect(await read.listForUser(u1.id)).toEqual([u1OnWs, m1]);
    });

    it('listForUserInOrganization returns the organization and its workspaces, any status', async () => {
      const user = aUser();
      const org = anOrganization();
      const otherOrg = anOrganization();
      const ws1 = aWorkspace(org.id);
      const ws2 = aWorkspace(org.id);
      const foreignWs = aWorkspace(otherOrg.id);
      const onOrg = aMembership(user.id, { scopeType: 'account', scopeId: org.id }, { createdAt: at(1) });
      const onWs1 = aMembership(user.id, { scopeType: 'workspace', scopeId: ws1.id }, { createdAt: at(2) });
      const onWs2 = aMembership(
        user.id,
        { scopeType: 'workspace', scopeId: ws2.id },
        { createdAt: at(3), status: 'pending', expiresAt: at(0) },
      );
      const onOtherOrg = aMembership(user.id, { scopeType: 'account', scopeId: otherOrg.id });
      const onForeignWs = aMembership(user.id, { scopeType: 'workspace', scopeId: foreignWs.id });
      // A workspace membership whose scope id equals the organization id is not an organization role.
      const mismatched = aMembership(
        user.id,
        { scopeType: 'workspace', scopeId: org.id },
        { createdAt: at(4) },
      );
      const someoneElse = aUser();
      const theirs = aMembership(someoneElse.id, { scopeType: 'workspace', scopeId: ws1.id });
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.users.save(someoneElse);
        await tx.organizations.save(org);
        await tx.organizations.save(otherOrg);
        for (const w of [ws1, ws2, foreignWs]) await tx.workspaces.save(w);
        for (const m of [onWs2, onOrg, onWs1, onOtherOrg, onForeignWs, mismatched, theirs]) {
          await tx.memberships.save(m);
        }
      });
      const listed = await uow().read.memberships.listForUserInOrganization(user.id, org.id);
      expect(listed).toEqual([onOrg, onWs1, onWs2]);
      expect(await uow().read.memberships.listForUserInOrganization(user.id, newId())).toEqual([]);
    });

    it('deletes by id and refuses a second membership of a user on one scope', async () => {
      const user = aUser();
      const org = anOrganization();
      const m = aMembership(user.id, { scopeType: 'account', scopeId: org.id });
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.organizations.save(org);
        await tx.memberships.save(m);
      });
      await expectDuplicate(
        uow().transaction((tx) =>
          tx.memberships.save(
            aMembership(user.id, { scopeType: 'account', scopeId: org.id }, { role: 'admin' }),
          ),
        ),
      );
      await uow().transaction((tx) => tx.memberships.delete(m.id));
      expect(await uow().read.memberships.findById(m.id)).toBeNull();
      await uow().transaction((tx) => tx.memberships.delete(m.id));
    });
  });

  describe('audit log', () => {
    it('counts events on the organization and on its workspaces only', async () => {
      const org = anOrganization();
      const otherOrg = anOrganization();
      const ws = aWorkspace(org.id);
      const foreignWs = aWorkspace(otherOrg.id);
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.organizations.save(otherOrg);
        await tx.workspaces.save(ws);
        await tx.workspaces.save(foreignWs);
        await tx.audit.append(
          anAuditEvent({
            organizationId: org.id,
            details: { nested: { list: [1, 'two', null] }, flag: true },
            ip: '203.0.113.9',
            actor: { kind: 'operator', id: 'operator' },
          }),
        );
        await tx.audit.append(anAuditEvent({ organizationId: org.id, workspaceId: ws.id }));
        await tx.audit.append(anAuditEvent({ workspaceId: ws.id }));
        await tx.audit.append(anAuditEvent({ organizationId: otherOrg.id }));
        await tx.audit.append(anAuditEvent({ workspaceId: foreignWs.id }));
        await tx.audit.append(anAuditEvent());
      });
      expect(await uow().read.audit.countForOrganization(org.id)).toBe(3);
      expect(await uow().read.audit.countForOrganization(otherOrg.id)).toBe(2);
      expect(await uow().read.audit.countForOrganization(newId())).toBe(0);
    });

    it("lists one person's own account events, newest first, by keyset pages", async () => {
      const me = newId();
      const org = anOrganization();
      const mine = (seconds: number, action = 'auth.signed_in') =>
        anAuditEvent({ actor: { kind: 'user', id: me }, action, createdAt: at(seconds), ip: '198.51.100.4' });
      const oldest = mine(1);
      const middle = mine(2, 'user.password_changed');
      const newest = mine(3);
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        for (const e of [oldest, middle, newest]) await tx.audit.append(e);
        // Not account events of mine: someone else's, and mine inside an organization.
        await tx.audit.append(anAuditEvent({ createdAt: at(4) }));
        await tx.audit.append(
          anAuditEvent({ actor: { kind: 'user', id: me }, organizationId: org.id, createdAt: at(5) }),
        );
      });
      const read = uow().read.audit;
      expect(await read.listAccountEvents({ userId: me, limit: 10 })).toEqual([newest, middle, oldest]);
      expect(await read.listAccountEvents({ userId: me, limit: 2 })).toEqual([newest, middle]);
      expect(
        await read.listAccountEvents({
          userId: me,
          limit: 10,
          before: { createdAt: middle.createdAt, id: middle.id },
        }),
      ).toEqual([oldest]);
      expect(
        await read.listAccountEvents({ userId: me, limit: 10, action: 'user.password_changed' }),
      ).toEqual([middle]);
      expect(await read.listAccountEvents({ userId: newId(), limit: 10 })).toEqual([]);
    });

    it('refuses two events with one id', async () => {
      const event = anAuditEvent();
      await uow().transaction((tx) => tx.audit.append(event));
      await expectDuplicate(uow().transaction((tx) => tx.audit.append({ ...event })));
    });
  });
}
