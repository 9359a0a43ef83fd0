import { type RequestContext, recordAudit } from '../../audit/record';
import { notFound } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { type TicketMessage, type TicketWithWarnings, ticketChangeTime } from '../../ticket/ticket';
import { transitionTicket } from '../../ticket/ticket.machine';
import { requireTicketBody } from '../../ticket/ticket-input';
import type { Deps } from '../deps';
import { authorizeSupport, findVisibleTicket } from './support-access';
import {
  countingOnlyIfWritten,
  enforceSupportLimits,
  supportLimits,
  unresolvedCeilingReached,
} from './support-limits';
import { ticketAuditEntry } from './ticket-audit';
import { ticketWarnings } from './ticket-warnings';

/**
 * A customer reply (state table rows "reply"). Replying to a resolved ticket
 * reopens it, refused with 429 when the organization already has the
 * maximum of unresolved tickets; a closed ticket is 409.
 */
export class ReplyToTicket {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'rateLimiter'>) {}

  async execute(input: {
    userId: string;
    organizationId: string;
    ticketId: string;
    body: string;
    request: RequestContext;
  }): Promise<TicketWithWarnings> {
    const body = requireTicketBody(input.body, 'body');
    const { uow, clock, rateLimiter } = this.deps;
    const now = clock.now();
    const access = await authorizeSupport(uow.read, input.userId, input.organizationId, now);
    const seen = await findVisibleTicket(uow.read, access, input.ticketId);
    // A closed ticket is refused before any limit counts the attempt.
    transitionTicket(seen.status, 'reply', seen.operatorRepliedAt !== null);
    const user = await uow.read.users.findById(input.userId);
    if (!user) throw notFound('user_not_found', 'no such user');
    const places = await enforceSupportLimits(rateLimiter, [
      ...(input.request.ip ? [supportLimits.writesPerAddress(input.request.ip)] : []),
      supportLimits.repliesPerPerson(user.id),
    ]);
    const warnings = ticketWarnings([body]);

    const detail = await countingOnlyIfWritten(places, () =>
      uow.transaction(async (tx) => {
        const ticket = await findVisibleTicket(tx, access, input.ticketId, true);
        const at = ticketChangeTime(ticket, now);
        const from = ticket.status;
        const step = transitionTicket(from, 'reply', ticket.operatorRepliedAt !== null);
        const reopens = step.effects.includes('reopen');
        if (reopens) {
          await tx.organizations.findByIdForUpdate(ticket.organizationId);
          if (
            (await tx.tickets.countUnresolved(ticket.organizationId)) >=
            Limits.unresolvedTicketsPerOrganization
          ) {
            throw unresolvedCeilingReached();
          }
          ticket.resolvedAt = null;
        }
        const message: TicketMessage = {
          id: this.deps.ids.next(),
          ticketId: ticket.id,
          authorKind: 'customer',
          authorUserId: user.id,
          authorName: user.displayName ?? user.email,
          body,
          redacted: false,
          createdAt: at,
        };
        ticket.status = step.next;
        ticket.updatedAt = at;
        ticket.lastCustomerActivityAt = at;
        await tx.tickets.save(ticket);
        await tx.tickets.saveMessage(message);
        await recordAudit(
          tx,
          this.deps,
          input.request,
          at,
          // One change, one event (supplement §10): a reopening reply says so in its details.
          ticketAuditEntry('ticket.replied', ticket, {
            message_id: message.id,
            from,
            to: ticket.status,
            warnings,
            ...(reopens ? { reopened: true } : {}),
          }),
        );
        return { ticket, messages: await tx.tickets.listMessages(ticket.id) };
      }),
    );
    return { ...detail, warnings };
  }
}
