import type { OutboxEntry, OutboxStatus } from '@groundfloor/domain';
import type { OutboxRecord } from '../schemas/mail-outbox.schema';

export const OutboxEntryMapper = {
  toRecord(e: OutboxEntry): OutboxRecord {
    return {
      id: e.id,
      recipient: e.recipient,
      template: e.template,
      sealed: e.sealed,
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError,
      createdAt: e.createdAt,
      nextAttemptAt: e.nextAttemptAt,
      sentAt: e.sentAt,
    };
  },
  toDomain(r: OutboxRecord): OutboxEntry {
    return {
      id: r.id,
      recipient: r.recipient,
      template: r.template,
      sealed: r.sealed,
      status: r.status as OutboxStatus,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt,
      nextAttemptAt: r.nextAttemptAt,
      sentAt: r.sentAt,
    };
  },
};
