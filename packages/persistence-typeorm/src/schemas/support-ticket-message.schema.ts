import { EntitySchema } from 'typeorm';

/** A row of `support_ticket_messages`. */
export interface SupportTicketMessageRecord {
  id: string;
  ticketId: string;
  authorKind: string;
  authorUserId: string | null;
  authorName: string | null;
  body: string;
  redacted: boolean;
  createdAt: Date;
}

export const SupportTicketMessageSchema = new EntitySchema<SupportTicketMessageRecord>({
  name: 'SupportTicketMessage',
  tableName: 'support_ticket_messages',
  columns: {
    id: { type: 'uuid', primary: true },
    ticketId: { type: 'uuid', name: 'ticket_id' },
    authorKind: { type: 'text', name: 'author_kind' },
    authorUserId: { type: 'uuid', name: 'author_user_id', nullable: true },
    authorName: { type: 'text', name: 'author_name', nullable: true },
    body: { type: 'text' },
    redacted: { type: 'boolean' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
