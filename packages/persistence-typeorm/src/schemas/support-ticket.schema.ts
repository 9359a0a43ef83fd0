import { EntitySchema } from 'typeorm';

/** A row of `support_tickets`; `number` comes from the `support_ticket_number_seq` sequence. */
export interface SupportTicketRecord {
  id: string;
  number: number;
  organizationId: string;
  workspaceId: string | null;
  subject: string;
  subjectRedacted: boolean;
  category: string;
  priority: string;
  status: string;
  requesterUserId: string;
  requesterName: string;
  context: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  closedAt: Date | null;
  lastCustomerActivityAt: Date;
  lastOperatorActivityAt: Date | null;
  operatorRepliedAt: Date | null;
}

export const SupportTicketSchema = new EntitySchema<SupportTicketRecord>({
  name: 'SupportTicket',
  tableName: 'support_tickets',
  columns: {
    id: { type: 'uuid', primary: true },
    number: { type: 'integer' },
    organizationId: { type: 'uuid', name: 'organization_id' },
    workspaceId: { type: 'uuid', name: 'workspace_id', nullable: true },
    subject: { type: 'text' },
    subjectRedacted: { type: 'boolean', name: 'subject_redacted' },
    category: { type: 'text' },
    priority: { type: 'text' },
    status: { type: 'text' },
    requesterUserId: { type: 'uuid', name: 'requester_user_id' },
    requesterName: { type: 'text', name: 'requester_name' },
    context: { type: 'jsonb' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
    resolvedAt: { type: 'timestamptz', name: 'resolved_at', nullable: true },
    closedAt: { type: 'timestamptz', name: 'closed_at', nullable: true },
    lastCustomerActivityAt: { type: 'timestamptz', name: 'last_customer_activity_at' },
    lastOperatorActivityAt: { type: 'timestamptz', name: 'last_operator_activity_at', nullable: true },
    operatorRepliedAt: { type: 'timestamptz', name: 'operator_replied_at', nullable: true },
  },
});
