import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Ticket,
  type TicketAuthorKind,
  type TicketDetail,
  type TicketMessage,
  type TicketPage,
  type TicketWarning,
} from '@groundfloor/domain';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Closed, everyOf, Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/* The spec's Support ticket resource, from an allow-list of fields. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const ticketFields = {
  id: Uuid(),
  number: Type.Integer({ description: 'platform-wide human reference (#1234)' }),
  subject: Type.String(),
  category: OneOf(TICKET_CATEGORIES),
  priority: OneOf(TICKET_PRIORITIES),
  status: OneOf(TICKET_STATUSES),
  workspace_id: Nullable(Uuid()),
  requester_user_id: Uuid(),
  requester_name: Type.String(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  resolved_at: Nullable(Timestamp()),
  closed_at: Nullable(Timestamp()),
  last_customer_activity_at: Timestamp(),
  last_operator_activity_at: Nullable(Timestamp()),
};

export const TicketListItemSchema = Resource('TicketListItem', ticketFields);
export const ticketListItemJson = (t: Ticket): Static<typeof TicketListItemSchema> => ({
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

export const TicketMessageSchema = Resource('TicketMessage', {
  id: Uuid(),
  author_kind: OneOf(everyOf<TicketAuthorKind>()(['customer', 'operator', 'system'])),
  author_name: Nullable(Type.String({ description: 'null for system messages' })),
  body: Type.String(),
  redacted: Type.Boolean(),
  created_at: Timestamp(),
});
export const ticketMessageJson = (m: TicketMessage): Static<typeof TicketMessageSchema> => ({
  id: m.id,
  author_kind: m.authorKind,
  author_name: m.authorName,
  body: m.body,
  redacted: m.redacted,
  created_at: m.createdAt.toISOString(),
});

const TicketContextSchema = Closed(
  {
    error_code: Type.Optional(Type.String()),
    error_text: Type.Optional(Type.String()),
    page_path: Type.Optional(Type.String()),
    workspace_id: Type.Optional(Type.String()),
    resource_id: Type.Optional(Type.String()),
  },
  'where the customer was when they opened the ticket',
);

const detailFields = {
  ...ticketFields,
  context: TicketContextSchema,
  messages: Type.Array(TicketMessageSchema, { description: 'oldest first' }),
};
export const TicketDetailSchema = Resource('TicketDetail', detailFields);
export const ticketDetailJson = (d: TicketDetail): Static<typeof TicketDetailSchema> => ({
  ...ticketListItemJson(d.ticket),
  context: { ...d.ticket.context },
  messages: d.messages.map(ticketMessageJson),
});

/** What create and reply answer: the detail and what the platform noticed in the text. */
export const TicketWithWarningsSchema = Resource('TicketWithWarnings', {
  ...detailFields,
  warnings: Type.Array(OneOf(everyOf<TicketWarning>()(['possible_secret']))),
});

/** A page of a ticket list, with the item shape of the caller's view. */
export const ticketPageSchema = <T extends TSchema>(name: string, item: T) =>
  Resource(name, {
    items: Type.Array(item),
    total_count: Type.Integer({ description: 'tickets matching the filters, on every page' }),
    limit: Type.Integer(),
    offset: Type.Integer(),
  });
export const TicketPageSchema = ticketPageSchema('TicketPage', TicketListItemSchema);

export const ticketPageJson = <T>(
  page: TicketPage,
  limit: number,
  offset: number,
  item: (t: Ticket) => T,
) => ({
  items: page.items.map(item),
  total_count: page.totalCount,
  limit,
  offset,
});

/** The operator works across organizations, so its views name the organization. */
export const OperatorTicketSchema = Resource('OperatorTicket', {
  ...ticketFields,
  organization_id: Uuid(),
});
export const OperatorTicketPageSchema = ticketPageSchema('OperatorTicketPage', OperatorTicketSchema);
export const operatorTicketJson = (t: Ticket): Static<typeof OperatorTicketSchema> => ({
  ...ticketListItemJson(t),
  organization_id: t.organizationId,
});
export const OperatorTicketDetailSchema = Resource('OperatorTicketDetail', {
  ...detailFields,
  organization_id: Uuid(),
});
export const operatorTicketDetailJson = (d: TicketDetail): Static<typeof OperatorTicketDetailSchema> => ({
  ...ticketDetailJson(d),
  organization_id: d.ticket.organizationId,
});
