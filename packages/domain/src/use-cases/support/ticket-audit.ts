import type { AuditEntry } from '../../audit/record';
import type { Ticket } from '../../ticket/ticket';

/** An audit entry about a ticket. `details` carry ids and enums only, never ticket text. */
export const ticketAuditEntry = (
  action: string,
  ticket: Ticket,
  details: Record<string, unknown> = {},
): AuditEntry => ({
  action,
  organizationId: ticket.organizationId,
  workspaceId: ticket.workspaceId,
  target: { type: 'support_ticket', id: ticket.id },
  details: { number: ticket.number, ...details },
});
