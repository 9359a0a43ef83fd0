/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import { anAuditEvent, anOrganization, at, aUser, aWorkspace } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

/** Commit, rollback, and row locks that keep concurrent read-modify-write transactions from losing updates. */
export function transactionCases(uow: () => UnitOfWork): void {
  describe('transactions', () => {
    it('commits every write of the work together and returns its result', async () => {
      const user = aUser();
      const org = anOrganization();
      const result = await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.organizations.save(org);
        expect(await tx.users.findById(user.id)).toEqual(user);
        return 'done';
      });
      expect(result).toBe('done');
      expect(await uow().read.users.findById(user.id)).toEqual(user);
      expect(await uow().read.organizations.findById(org.id)).toEqual(org);
    });

    it('leaves nothing behind when the work throws halfway', async () => {
      const user = aUser();
      const org = anOrganization();
      const failure = new Error('halfway');
      await expect(
        uow().transaction(async (tx) => {
          await tx.users.save(user);
          await tx.organizations.save(org);
          await tx.audit.append(anAuditEvent({ organizationId: org.id }));
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await uow().read.users.findById(user.id)).toBeNull();
      expect(await uow().read.organizations.findById(org.id)).toBeNull();
      expect(await uow().read.audit.countForOrganization(org.id)).toBe(0);
    });

    it('rolls back the earlier writes of a transaction that hits a duplicate', async () => {
      const existing = aUser();
      await uow().transaction((tx) => tx.users.save(existing));
      const org = anOrganization();
      await expectDuplicate(
        uow().transaction(async (tx) => {
          await tx.organizations.save(org);
          await tx.users.save(aUser({ email: existing.email }));
        }),
      );
      expect(await uow().read.organizations.findById(org.id)).toBeNull();
    });

    it('loses no update when 10 workers each run 20 locked read-modify-write transactions', async () => {
      const org = anOrganization({ limitOverrides: { counter: 0 } });
      await uow().transaction((tx) => tx.organizations.save(org));
      const worker = async () => {
        for (let i = 0; i < 20; i++) {
          await uow().transaction(async (tx) => {
            const locked = await tx.organizations.findByIdForUpdate(org.id);
            if (!locked) throw new Error('organization vanished');
            // Yield between the read and the write, so an unlocked implementation would interleave.
            await new Promise((resolve) => setImmediate(resolve));
            locked.limitOverrides = {
              ...locked.limitOverrides,
              counter: (locked.limitOverrides.counter ?? 0) + 1,
            };
            await tx.organizations.save(locked);
          });
        }
      };
      await Promise.all(Array.from({ length: 10 }, worker));
      expect((await uow().read.organizations.findById(org.id))?.limitOverrides).toEqual({ counter: 200 });
    });

    it('never passes a ceiling when 10 workers each create 10 flags, locking the workspace before counting', async () => {
      const org = anOrganization();
      const workspace = aWorkspace(org.id);
      const ceiling = 25;
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.workspaces.save(workspace);
      });
      const worker = async (w: number) => {
        let created = 0;
        for (let i = 0; i < 10; i++) {
          const ok = await uow().transaction(async (tx) => {
            if (!(await tx.workspaces.findByIdForUpdate(workspace.id))) throw new Error('workspace vanished');
            const held = await tx.flags.countByWorkspace(workspace.id);
            // Yield between the count and the write, so an unlocked implementation would interleave.
            await new Promise((resolve) => setImmediate(resolve));
            if (held >= ceiling) return false;
            await tx.flags.save({
              workspaceId: workspace.id,
              key: `f.${w}.${i}`,
              value: i,
              updatedAt: at(i),
            });
            return true;
          });
          if (ok) created++;
        }
        return created;
      };
      const created = await Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
      expect(created.reduce((a, b) => a + b, 0)).toBe(ceiling);
      expect(await uow().read.flags.countByWorkspace(workspace.id)).toBe(ceiling);
    });
  });
}
