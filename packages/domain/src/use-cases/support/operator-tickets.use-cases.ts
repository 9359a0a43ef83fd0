import { OPERATOR } from '../../audit/audit-event';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Repositories, TicketPage } from '../../ports/repositories.port';
import { conflict, invalid, notFound } from '../../shared/domain-error';
import {
  isTicketPriority,
  operatorLabel,
  redactionMarker,
  type Ticket,
  type TicketCategory,
  type TicketDetail,
  type TicketMessage,
  type TicketStatus,
  ticketChangeTime,
} from '../../ticket/ticket';
import { transitionTicket } from '../../ticket/ticket.machine';
import { requireTicketBody } from '../../ticket/ticket-input';
import type { Deps } from '../deps';
import { requireTicketPage } from './read-tickets.use-case';
import { ticketNotFound } from './support-access';
import { sendTicketEmails, ticketRecipients } from './support-mail';
import { ticketAuditEntry } from './ticket-audit';
import { changeTicketStatus } from './ticket-status-change';

/** The queue shows the tickets waiting on the operator unless a status is asked for. */
export const QUEUE_DEFAULT_STATUSES: readonly TicketStatus[] = ['open', 'waiting_on_groundfloor'];

const operatorRequest = (ip: string | null): RequestContext => ({ actor: OPERATOR, ip });

async function lockedTicket(tx: Repositories, ticketId: string): Promise<Ticket> {
  const ticket = await tx.tickets.findByIdForUpdate(ticketId);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** Every organization's tickets, oldest waiting first (supplement §4). */
export class ListTicketQueue {
  constructor(private readonly deps: Pick<Deps, 'uow'>) {}

  execute(input: {
    statuses: readonly TicketStatus[];
    categories?: readonly TicketCategory[];
    organizationId?: string;
    limit: number;
    offset: number;
  }): Promise<TicketPage> {
    requireTicketPage(input);
    return this.deps.uow.read.tickets.listQueue({
      statuses: input.statuses.length > 0 ? input.statuses : QUEUE_DEFAULT_STATUSES,
      categories: input.categories ?? [],
      organizationId: input.organizationId,
      limit: input.limit,
      offset: input.offset,
    });
  }
}

export class GetTicketForOperator {
  constructor(private readonly deps: Pick<Deps, 'uow'>) {}

  async execute(input: { ticketId: string }): Promise<TicketDetail> {
    const { read } = this.deps.uow;
    const ticket = await read.tickets.findById(input.ticketId);
    if (!ticket) throw ticketNotFound();
    return { ticket, messages: await read.tickets.listMessages(ticket.id) };
  }
}

/** "open or waiting_on_groundfloor → waiting_on_customer"; emails the opener (or the Owners). */
export class OperatorReplyToTicket {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'mailer' | 'settings'>) {}

  async execute(input: { ticketId: string; body: string; ip: string | null }): Promise<TicketDetail> {
    const body = requireTicketBody(input.body, 'body');
    const now = this.deps.clock.now();
    const detail = await this.deps.uow.transaction(async (tx) => {
      const ticket = await lockedTicket(tx, input.ticketId);
      const at = ticketChangeTime(ticket, now);
      const from = ticket.status;
      const step = transitionTicket(from, 'operator_reply', ticket.operatorRepliedAt !== null);
      const message: TicketMessage = {
        id: this.deps.ids.next(),
        ticketId: ticket.id,
        authorKind: 'operator',
        authorUserId: null,
        authorName: operatorLabel(this.deps.settings.platformName),
        body,
        redacted: false,
        createdAt: at,
      };
      ticket.status = step.next;
      ticket.updatedAt = at;
      ticket.lastOperatorActivityAt = at;
      ticket.operatorRepliedAt = at;
      await tx.tickets.save(ticket);
      await tx.tickets.saveMessage(message);
      await recordAudit(
        tx,
        this.deps,
        operatorRequest(input.ip),
        at,
        ticketAuditEntry('ticket.replied', ticket, { message_id: message.id, from, to: ticket.status }),
      );
      return { ticket, messages: await tx.tickets.listMessages(ticket.id) };
    });
    const recipients = await ticketRecipients(this.deps.uow.read, detail.ticket, now);
    await sendTicketEmails(this.deps, recipients, 'operator_replied', detail.ticket);
    return detail;
  }
}

/** "any except closed → resolved"; emails the opener (or the Owners) when it changed. */
export class OperatorResolveTicket {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'mailer' | 'settings'>) {}

  async execute(input: { ticketId: string; ip: string | null }): Promise<TicketDetail> {
    const now = this.deps.clock.now();
    const result = await this.deps.uow.transaction(async (tx) =>
      changeTicketStatus(this.deps, tx, {
        ticket: await lockedTicket(tx, input.ticketId),
        event: 'operator_resolve',
        by: operatorLabel(this.deps.settings.platformName),
        byOperator: true,
        request: operatorRequest(input.ip),
        now,
      }),
    );
    if (result.changed) {
      const recipients = await ticketRecipients(this.deps.uow.read, result.ticket, now);
      await sendTicketEmails(this.deps, recipients, 'operator_resolved', result.ticket);
    }
    return { ticket: result.ticket, messages: result.messages };
  }
}

/** The operator may change the priority of any ticket that is not closed. */
export class ChangeTicketPriority {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: { ticketId: string; priority: string; ip: string | null }): Promise<TicketDetail> {
    const priority = input.priority;
    if (!isTicketPriority(priority)) {
      throw invalid('invalid_priority', 'priority is not a ticket priority', [
        { field: 'priority', message: 'must be low, normal, high or urgent' },
      ]);
    }
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const ticket = await lockedTicket(tx, input.ticketId);
      if (ticket.status === 'closed') {
        throw conflict('ticket_closed', 'the ticket is closed; it takes no more replies or status changes');
      }
      if (ticket.priority !== priority) {
        const from = ticket.priority;
        ticket.priority = priority;
        ticket.updatedAt = now;
        ticket.lastOperatorActivityAt = now;
        await tx.tickets.save(ticket);
        await recordAudit(
          tx,
          this.deps,
          operatorRequest(input.ip),
          now,
          ticketAuditEntry('ticket.priority_changed', ticket, { from, to: priority }),
        );
      }
      return { ticket, messages: await tx.tickets.listMessages(ticket.id) };
    });
  }
}

/**
 * Replaces a message body or the subject with `[redacted by <PLATFORM_NAME>]`;
 * the original text is overwritten, not hidden. Works on closed tickets too.
 */
export class RedactTicket {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>) {}

  async execute(input: {
    ticketId: string;
    messageId?: string;
    subject?: boolean;
    ip: string | null;
  }): Promise<TicketDetail> {
    const bySubject = input.subject === true;
    if (bySubject === (input.messageId !== undefined) || input.subject === false) {
      throw invalid('invalid_redaction', 'send either message_id or subject: true', [
        {
          field: input.messageId !== undefined ? 'message_id' : 'subject',
          message: 'send exactly one of message_id or subject: true',
        },
      ]);
    }
    const marker = redactionMarker(this.deps.settings.platformName);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const ticket = await lockedTicket(tx, input.ticketId);
      let messages = await tx.tickets.listMessages(ticket.id);
      let target: Record<string, unknown> | null = null;
      if (bySubject) {
        if (!ticket.subjectRedacted) {
          ticket.subject = marker;
          ticket.subjectRedacted = true;
          target = { field: 'subject' };
        }
      } else {
        const message = messages.find((m) => m.id === input.messageId);
        if (!message) throw notFound('message_not_found', 'no such message on this ticket');
        if (!message.redacted) {
          message.body = marker;
          message.redacted = true;
          await tx.tickets.saveMessage(message);
          target = { field: 'message', message_id: message.id };
        }
      }
      if (target) {
        ticket.updatedAt = now;
        ticket.lastOperatorActivityAt = now;
        await tx.tickets.save(ticket);
        await recordAudit(
          tx,
          this.deps,
          operatorRequest(input.ip),
          now,
          ticketAuditEntry('ticket.redacted', ticket, target),
        );
        messages = await tx.tickets.listMessages(ticket.id);
      }
      return { ticket, messages };
    });
  }
}
