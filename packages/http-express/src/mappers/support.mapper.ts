import type { Ticket, TicketDetail, TicketMessage, TicketPage } from '@groundfloor/domain';

/* The spec's Support ticket resource, from an allow-list of fields. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const ticketListItemJson = (t: Ticket) => ({
  id: t.id,
  number: t.number,
  subject: t.subject,
  category: t.category,
  priority: t.priority,
  status: t.status,
  workspace_id: t.workspaceId,
  requester_user_id: t.requesterUserId,
  requester_name: t.requesterName,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
  resolved_at: iso(t.resolvedAt),
  closed_at: iso(t.closedAt),
  last_customer_activity_at: t.lastCustomerActivityAt.toISOString(),
  last_operator_activity_at: iso(t.lastOperatorActivityAt),
});

export const ticketMessageJson = (m: TicketMessage) => ({
  id: m.id,
  author_kind: m.authorKind,
  author_name: m.authorName,
  body: m.body,
  redacted: m.redacted,
  created_at: m.createdAt.toISOString(),
});

export const ticketDetailJson = (d: TicketDetail) => ({
  ...ticketListItemJson(d.ticket),
  context: { ...d.ticket.context },
  messages: d.messages.map(ticketMessageJson),
});

export const ticketPageJson = (
  page: TicketPage,
  limit: number,
  offset: number,
  item = ticketListItemJson,
) => ({
  items: page.items.map(item),
  total_count: page.totalCount,
  limit,
  offset,
});

/** The operator works across organizations, so its views name the organization. */
export const operatorTicketJson = (t: Ticket) => ({
  ...ticketListItemJson(t),
  organization_id: t.organizationId,
});
export const operatorTicketDetailJson = (d: TicketDetail) => ({
  ...ticketDetailJson(d),
  organization_id: d.ticket.organizationId,
});
