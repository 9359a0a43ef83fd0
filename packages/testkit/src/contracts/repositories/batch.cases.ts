/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import {
  aMembership,
  anAuditEvent,
  anOrganization,
  aPasswordLink,
  at,
  aUser,
  aWorkspace,
} from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

/** `UnitOfWork.batch`: write-only, all or nothing, every write on the rows as they were before it. */
export function batchCases(uow: () => UnitOfWork): void {
  describe('write batches', () => {
    const anOrganizationWithWorkspace = async () => {
      const org = anOrganization();
      const workspace = aWorkspace(org.id);
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.workspaces.save(workspace);
      });
      return { org, workspace };
    };

    it('applies every write together, a membership naming the user the same batch inserts', async () => {
      const { org, workspace } = await anOrganizationWithWorkspace();
      const user = aUser({ displayName: "O'Brien $1 costs $$2" });
      const membership = aMembership(user.id, { scopeType: 'workspace', scopeId: workspace.id });
      const link = aPasswordLink(user.id);
      const event = anAuditEvent({ organizationId: org.id, workspaceId: workspace.id });
      const result = await uow().batch(async (writes) => {
        await writes.users.save(user);
        await writes.memberships.save(membership);
        await writes.passwordLinks.save(link);
        await writes.audit.append(event);
        return 'applied';
      });
      expect(result).toBe('applied');
      expect(await uow().read.users.findById(user.id)).toEqual(user);
      expect(await uow().read.memberships.findById(membership.id)).toEqual(membership);
      expect(await uow().read.passwordLinks.findByTokenHash(link.tokenHash)).toEqual(link);
      expect(await uow().read.audit.countForOrganization(org.id)).toBe(1);
    });

    it('writes nothing when one write hits a unique key', async () => {
      const existing = aUser();
      await uow().transaction((tx) => tx.users.save(existing));
      const org = anOrganization();
      const user = aUser();
      await expectDuplicate(
        uow().batch(async (writes) => {
          await writes.organizations.save(org);
          await writes.users.save(user);
          await writes.users.save(aUser({ email: existing.email }));
        }),
      );
      expect(await uow().read.organizations.findById(org.id)).toBeNull();
      expect(await uow().read.users.findById(user.id)).toBeNull();
    });

    it('writes nothing when the work throws', async () => {
      const user = aUser();
      const failure = new Error('halfway');
      await expect(
        uow().batch(async (writes) => {
          await writes.users.save(user);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await uow().read.users.findById(user.id)).toBeNull();
    });

    it('refuses a read, and then writes nothing', async () => {
      const user = aUser();
      await expect(
        uow().batch(async (writes) => {
          await writes.users.save(user);
          await writes.users.findById(user.id);
        }),
      ).rejects.toThrow(/batch/);
      expect(await uow().read.users.findById(user.id)).toBeNull();
    });

    it('runs every write on the rows as they were before it: a cancel leaves the same batch’s new link', async () => {
      const user = aUser();
      const older = aPasswordLink(user.id);
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.passwordLinks.save(older);
      });
      const newer = aPasswordLink(user.id, { createdAt: at(5) });
      const cancelled = await uow().batch(async (writes) => {
        const count = await writes.passwordLinks.cancelActiveForUser(user.id, at(5));
        await writes.passwordLinks.save(newer);
        return count;
      });
      // Not known until the batch is applied.
      expect(cancelled).toBe(0);
      expect(await uow().read.passwordLinks.findByTokenHash(older.tokenHash)).toMatchObject({
        cancelledAt: at(5),
      });
      expect(await uow().read.passwordLinks.findByTokenHash(newer.tokenHash)).toEqual(newer);
    });

    it('applies concurrent batches each on its own terms: a colliding one fails alone', async () => {
      const { workspace } = await anOrganizationWithWorkspace();
      const users = Array.from({ length: 12 }, () => aUser());
      const clash = aUser({ email: users[3]?.email });
      const enrol = (user: ReturnType<typeof aUser>) =>
        uow().batch(async (writes) => {
          await writes.users.save(user);
          await writes.memberships.save(
            aMembership(user.id, { scopeType: 'workspace', scopeId: workspace.id }),
          );
          await writes.passwordLinks.save(aPasswordLink(user.id));
          return user.id;
        });
      const outcomes = await Promise.allSettled([...users, clash].map(enrol));
      const failed = outcomes.filter((o) => o.status === 'rejected');
      expect(failed).toHaveLength(1);
      await expectDuplicate(Promise.reject((failed[0] as PromiseRejectedResult).reason));
      // Whichever of the two went first keeps the email; every other batch is whole.
      const stored = await uow().read.users.findByIds([...users, clash].map((u) => u.id));
      expect(stored).toHaveLength(12);
      const members = await uow().read.memberships.listForScope('workspace', workspace.id, 100);
      expect(members.map((m) => m.userId).sort()).toEqual(stored.map((u) => u.id).sort());
    });

    it('applies concurrent batches that save one row: each in turn, none lost', async () => {
      // Sharing a statement, two saves of one row would update it twice in
      // one statement, which PostgreSQL refuses; each then goes on its own.
      const user = aUser({ displayName: 'first' });
      const others = Array.from({ length: 6 }, () => aUser());
      const saves = [user, ...others, { ...user, displayName: 'second' }].map((u) =>
        uow().batch((writes) => writes.users.save(u)),
      );
      await Promise.all(saves);
      expect((await uow().read.users.findById(user.id))?.displayName).toMatch(/^(first|second)$/);
      expect(await uow().read.users.findByIds(others.map((u) => u.id))).toHaveLength(6);
    });

    it('is a no-op when the work writes nothing', async () => {
      await expect(uow().batch(async () => 42)).resolves.toBe(42);
    });
  });
}
