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
  // Far in the future, so only the listDue test's entries are ever due.
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

    it('lists pending entries due at `now`, oldest first, at most `limit`', async () => {
      const now = at(100);
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
      const [d30, d10, d20] = due;
      expect(await outbox().listDue(now, 10)).toEqual([d10, d20, d30]);
      expect(await outbox().listDue(now, 2)).toEqual([d10, d20]);
      expect(await outbox().listDue(at(0), 10)).toEqual([]);
    });
  });
}
