import type {
  Ticket,
  TicketAuthorKind,
  TicketCategory,
  TicketContext,
  TicketMessage,
  TicketPriority,
  TicketStatus,
} from '@groundfloor/domain';
import type { SupportTicketRecord } from '../schemas/support-ticket.schema';
import type { SupportTicketMessageRecord } from '../schemas/support-ticket-message.schema';

export const SupportTicketMapper = {
  toRecord(t: Ticket): SupportTicketRecord {
    return {
      id: t.id,
      number: t.number,
      organizationId: t.organizationId,
      workspaceId: t.workspaceId,
      subject: t.subject,
      subjectRedacted: t.subjectRedacted,
      category: t.category,
      priority: t.priority,
      status: t.status,
      requesterUserId: t.requesterUserId,
      requesterName: t.requesterName,
      context: { ...t.context },
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      resolvedAt: t.resolvedAt,
      closedAt: t.closedAt,
      lastCustomerActivityAt: t.lastCustomerActivityAt,
      lastOperatorActivityAt: t.lastOperatorActivityAt,
      operatorRepliedAt: t.operatorRepliedAt,
    };
  },
  toDomain(r: SupportTicketRecord): Ticket {
    return {
      id: r.id,
      number: Number(r.number),
      organizationId: r.organizationId,
      workspaceId: r.workspaceId,
      subject: r.subject,
      subjectRedacted: r.subjectRedacted,
      category: r.category as TicketCategory,
      priority: r.priority as TicketPriority,
      status: r.status as TicketStatus,
      requesterUserId: r.requesterUserId,
      requesterName: r.requesterName,
      context: (r.context ?? {}) as TicketContext,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      resolvedAt: r.resolvedAt,
      closedAt: r.closedAt,
      lastCustomerActivityAt: r.lastCustomerActivityAt,
      lastOperatorActivityAt: r.lastOperatorActivityAt,
      operatorRepliedAt: r.operatorRepliedAt,
    };
  },
  messageToRecord(m: TicketMessage): SupportTicketMessageRecord {
    return {
      id: m.id,
      ticketId: m.ticketId,
      authorKind: m.authorKind,
      authorUserId: m.authorUserId,
      authorName: m.authorName,
      body: m.body,
      redacted: m.redacted,
      createdAt: m.createdAt,
    };
  },
  messageToDomain(r: SupportTicketMessageRecord): TicketMessage {
    return {
      id: r.id,
      ticketId: r.ticketId,
      authorKind: r.authorKind as TicketAuthorKind,
      authorUserId: r.authorUserId,
      authorName: r.authorName,
      body: r.body,
      redacted: r.redacted,
      createdAt: r.createdAt,
    };
  },
};
