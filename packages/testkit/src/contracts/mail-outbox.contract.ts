/// <reference types="jest" />
import type { MailOutbox, OutboxEntry } from '@groundfloor/domain';
import { at, newId } from './contract-fixtures';
import type { ContractSubject, OpenSubject } from './contract-subject';

const anEntry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: newId(),
  recipient: 'someone@example.test',
  template: 'set_password',
  sealed: { keyId: 'k1', wrappedKey: 'd3JhcHBlZA==', iv: 'aXY=', ciphertext: 'Y2lwaGVy', tag: 'dGFn' },
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: at(0),
  // Far in the future, so only the claim tests' entries are ever due.
  nextAttemptAt: new Date('2100-01-01T00:00:00.000Z'),
  sentAt: null,
  ...overrides,
});

/** What every `MailOutbox` must do. The subject must start with an empty outbox. */
export function describeMailOutboxContract(label: string, open: OpenSubject<MailOutbox>): void {
  describe(`mail outbox contract: ${label}`, () => {
    let opened: ContractSubject<MailOutbox> | undefined;
    const outbox = (): MailOutbox => {
      if (!opened) throw new Error('the outbox did not open');
      return opened.subject;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('reports the backlog: pending entries and the creation time of the oldest', async () => {
      // Runs first: the subject starts with an empty outbox.
      expect(await outbox().backlog()).toEqual({ pending: 0, oldestPendingCreatedAt: null });
      const older = anEntry({ createdAt: at(0.5) });
      const newer = anEntry({ createdAt: at(0.7) });
      const sent = anEntry({ createdAt: at(0.1), status: 'sent', sealed: null, sentAt: at(1) });
      for (const e of [older, newer, sent]) await outbox().save(e);
      expect(await outbox().backlog()).toEqual({ pending: 2, oldestPendingCreatedAt: at(0.5) });
      for (const e of [older, newer])
        await outbox().save({ ...e, status: 'sent', sealed: null, sentAt: at(1) });
      expect(await outbox().backlog()).toEqual({ pending: 0, oldestPendingCreatedAt: null });
    });

    it('round-trips an entry, then its update after sending', async () => {
      const entry = anEntry({ createdAt: at(1.5) });
      await outbox().save(entry);
      expect(await outbox().findById(entry.id)).toEqual(entry);
      const sent: OutboxEntry = { ...entry, sealed: null, status: 'sent', attempts: 2, sentAt: at(9) };
      await outbox().save(sent);
      expect(await outbox().findById(entry.id)).toEqual(sent);
      const failed: OutboxEntry = { ...entry, status: 'failed', attempts: 5, lastError: 'smtp 550' };
      await outbox().save(failed);
      expect(await outbox().findById(entry.id)).toEqual(failed);
      expect(await outbox().findById(newId())).toBeNull();
      expect(await outbox().findById('nope')).toBeNull();
    });

    it('keeps every one of many entries saved at once, and the last of two saves of one entry', async () => {
      const entries = Array.from({ length: 15 }, (_, i) =>
        anEntry({ createdAt: at(2 + i / 100), status: 'skipped' }),
      );
      const first = entries[0] as OutboxEntry;
      const sent: OutboxEntry = { ...first, sealed: null, status: 'sent', attempts: 1, sentAt: at(3) };
      await Promise.all([...entries.map((e) => outbox().save(e)), outbox().save(sent)]);
      expect(await outbox().findById(first.id)).toEqual(sent);
      for (const entry of entries.slice(1)) expect(await outbox().findById(entry.id)).toEqual(entry);
    });

    it('claims pending entries due at `now`, oldest first, at most `limit`, leasing them', async () => {
      const now = at(100);
      const lease = at(160);
      const due = [
        anEntry({ createdAt: at(30), nextAttemptAt: at(99) }),
        anEntry({ createdAt: at(10), nextAttemptAt: now }),
        anEntry({ createdAt: at(20), nextAttemptAt: at(50) }),
      ];
      const notDue = anEntry({ createdAt: at(5), nextAttemptAt: at(101) });
      const sent = anEntry({
        createdAt: at(1),
        nextAttemptAt: at(1),
        status: 'sent',
        sealed: null,
        sentAt: at(2),
      });
      const failed = anEntry({ createdAt: at(2), nextAttemptAt: at(1), status: 'failed' });
      const skipped = anEntry({ createdAt: at(3), nextAttemptAt: at(1), status: 'skipped' });
      for (const e of [...due, notDue, sent, failed, skipped]) await outbox().save(e);
      const [d30, d10, d20] = due as [OutboxEntry, OutboxEntry, OutboxEntry];
      const leased = (e: OutboxEntry) => ({ ...e, nextAttemptAt: lease });

      expect(await outbox().claimDue(at(0), lease, 10)).toEqual([]);
      expect(await outbox().claimDue(now, lease, 2)).toEqual([leased(d10), leased(d20)]);
      // Claimed entries are leased: not due again until the lease ends.
      expect(await outbox().findById(d10.id)).toEqual(leased(d10));
      expect(await outbox().claimDue(now, lease, 10)).toEqual([leased(d30)]);
      expect(await outbox().claimDue(now, lease, 10)).toEqual([]);
      expect(await outbox().findById(notDue.id)).toEqual(notDue);
      // Once the lease has passed, an entry still pending is due again (and so is notDue, by then).
      const again = await outbox().claimDue(lease, at(200), 10);
      expect(again.map((e) => e.id)).toEqual([notDue.id, d10.id, d20.id, d30.id]);
      for (const e of again) await outbox().save({ ...e, status: 'sent', sealed: null, sentAt: at(161) });
    });

    it('hands each due entry to exactly one of many concurrent claims', async () => {
      const now = at(1000);
      const entries = Array.from({ length: 30 }, (_, i) =>
        anEntry({ createdAt: at(900 + i), nextAttemptAt: now }),
      );
      for (const e of entries) await outbox().save(e);
      const claims = await Promise.all(Array.from({ length: 6 }, () => outbox().claimDue(now, at(2000), 4)));
      const ids = claims.flat().map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeLessThanOrEqual(24);
      // What was left is claimed by the next caller; nothing is lost or claimed twice.
      const rest = await outbox().claimDue(now, at(2000), 100);
      expect(new Set([...ids, ...rest.map((e) => e.id)])).toEqual(new Set(entries.map((e) => e.id)));
      expect(ids.length + rest.length).toBe(entries.length);
    });
  });
}
