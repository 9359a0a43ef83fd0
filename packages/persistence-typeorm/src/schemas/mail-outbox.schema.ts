import type { SealedValue } from '@groundfloor/domain';
import { EntitySchema } from 'typeorm';

/** A row of `mail_outbox`; `sealed` is dropped (null) once the message is sent. */
export interface OutboxRecord {
  id: string;
  recipient: string;
  template: string;
  sealed: SealedValue | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
}

export const OutboxSchema = new EntitySchema<OutboxRecord>({
  name: 'OutboxEntry',
  tableName: 'mail_outbox',
  columns: {
    id: { type: 'uuid', primary: true },
    recipient: { type: 'text' },
    template: { type: 'text' },
    sealed: { type: 'jsonb', nullable: true },
    status: { type: 'text' },
    attempts: { type: 'integer' },
    lastError: { type: 'text', name: 'last_error', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    nextAttemptAt: { type: 'timestamptz', name: 'next_attempt_at' },
    sentAt: { type: 'timestamptz', name: 'sent_at', nullable: true },
  },
});
