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

export interface MailOutbox {
  save(entry: OutboxEntry): Promise<void>;
  findById(id: string): Promise<OutboxEntry | null>;
  /** Pending entries due at `now`, oldest first. */
  listDue(now: Date, limit: number): Promise<OutboxEntry[]>;
}
export const MAIL_OUTBOX = Symbol.for('gf.mail-outbox');
