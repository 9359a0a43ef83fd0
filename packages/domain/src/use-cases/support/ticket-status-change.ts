import { type RequestContext, recordAudit } from '../../audit/record';
import type { Repositories } from '../../ports/repositories.port';
import { type Ticket, type TicketDetail, type TicketMessage, ticketChangeTime } from '../../ticket/ticket';
import { type TicketEvent, transitionTicket } from '../../ticket/ticket.machine';
import type { Deps } from '../deps';
import { ticketAuditEntry } from './ticket-audit';

const SYSTEM_TEXT = {
  resolution_message: (by: string) => `Marked resolved by ${by}.`,
  closure_message: (by: string) => `Closed by ${by}. A closed ticket takes no more replies.`,
} as const;

/**
 * Resolve and close, for the customer and the operator: applies the state
 * table, writes the system message and the audit event. The "no change"
 * rows write nothing. `ticket` must have been read with a row lock.
 */
export async function changeTicketStatus(
  deps: Pick<Deps, 'ids'>,
  tx: Repositories,
  args: {
    ticket: Ticket;
    event: Extract<TicketEvent, 'resolve' | 'close' | 'operator_resolve'>;
    by: string;
    byOperator: boolean;
    request: RequestContext;
    now: Date;
  },
): Promise<TicketDetail & { changed: boolean }> {
  const { ticket } = args;
  const now = ticketChangeTime(ticket, args.now);
  const from = ticket.status;
  const step = transitionTicket(from, args.event, ticket.operatorRepliedAt !== null);
  if (!step.changed) return { ticket, messages: await tx.tickets.listMessages(ticket.id), changed: false };
  ticket.status = step.next;
  ticket.updatedAt = now;
  if (args.byOperator) ticket.lastOperatorActivityAt = now;
  else ticket.lastCustomerActivityAt = now;
  if (step.next === 'resolved') ticket.resolvedAt = now;
  if (step.next === 'closed') ticket.closedAt = now;
  const kind = step.effects.includes('closure_message') ? 'closure_message' : 'resolution_message';
  const message: TicketMessage = {
    id: deps.ids.next(),
    ticketId: ticket.id,
    authorKind: 'system',
    authorUserId: null,
    authorName: null,
    body: SYSTEM_TEXT[kind](args.by),
    redacted: false,
    createdAt: now,
  };
  await tx.tickets.save(ticket);
  await tx.tickets.saveMessage(message);
  await recordAudit(
    tx,
    deps,
    args.request,
    now,
    ticketAuditEntry(step.next === 'closed' ? 'ticket.closed' : 'ticket.resolved', ticket, {
      from,
      to: step.next,
    }),
  );
  return { ticket, messages: await tx.tickets.listMessages(ticket.id), changed: true };
}
