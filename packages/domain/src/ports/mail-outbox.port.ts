import type { SealedValue } from './key-management.port';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** A queued email; its content is sealed and dropped once it is sent. */
export interface OutboxEntry {
  readonly id: string;
  readonly recipient: string;
  readonly template: string;
  sealed: SealedValue | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  readonly createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
}

/** How far behind the outbox is: emails still to send, and since when the oldest has waited. */
export interface OutboxBacklog {
  readonly pending: number;
  readonly oldestPendingCreatedAt: Date | null;
}

export interface MailOutbox {
  /** Entries still `pending` (queued or waiting for a retry), and the creation time of the oldest. */
  backlog(): Promise<OutboxBacklog>;
  save(entry: OutboxEntry): Promise<void>;
  findById(id: string): Promise<OutboxEntry | null>;
  /**
   * Claims pending entries due at `now`, oldest first, at most `limit`: moves
   * their `nextAttemptAt` to `leaseUntil` and returns them so leased. Atomic
   * across every process sharing the outbox: an entry is claimed by one
   * caller only, so two workers never send the same email.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxEntry[]>;
}
export const MAIL_OUTBOX = Symbol.for('gf.mail-outbox');
