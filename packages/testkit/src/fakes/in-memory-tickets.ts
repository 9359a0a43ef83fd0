import {
  canSeeTicket,
  DomainError,
  type Ticket,
  type TicketListQuery,
  type TicketMessage,
  type TicketPage,
  type TicketQueueQuery,
  type TicketRepository,
  UNRESOLVED_STATUSES,
} from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const page = (rows: Ticket[], limit: number, offset: number): TicketPage => ({
  items: rows.slice(offset, offset + limit).map(copy),
  totalCount: rows.length,
});

/** Tickets and their messages over the in-memory tables. */
export class InMemoryTickets implements TicketRepository {
  constructor(private readonly t: () => InMemoryTables) {}

  async nextNumber() {
    this.t().ticketNumbers.next += 1;
    return this.t().ticketNumbers.next;
  }
  async save(ticket: Ticket) {
    for (const other of this.t().tickets.values()) {
      if (other.id !== ticket.id && other.number === ticket.number) {
        throw new DomainError('conflict', 'duplicate', 'a ticket with this number already exists');
      }
    }
    this.t().tickets.set(ticket.id, copy(ticket));
  }
  async findById(id: string) {
    const ticket = this.t().tickets.get(id);
    return ticket ? copy(ticket) : null;
  }
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async listForOrganization(q: TicketListQuery) {
    const rows = [...this.t().tickets.values()]
      .filter(
        (t) =>
          t.organizationId === q.organizationId &&
          canSeeTicket(q.visibleTo, t) &&
          (q.statuses.length === 0 || q.statuses.includes(t.status)) &&
          (q.categories.length === 0 || q.categories.includes(t.category)),
      )
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.number - a.number);
    return page(rows, q.limit, q.offset);
  }
  async listQueue(q: TicketQueueQuery) {
    const rows = [...this.t().tickets.values()]
      .filter(
        (t) =>
          (q.organizationId === undefined || t.organizationId === q.organizationId) &&
          (q.statuses.length === 0 || q.statuses.includes(t.status)) &&
          (q.categories === undefined || q.categories.length === 0 || q.categories.includes(t.category)),
      )
      .sort(
        (a, b) =>
          a.lastCustomerActivityAt.getTime() - b.lastCustomerActivityAt.getTime() || a.number - b.number,
      );
    return page(rows, q.limit, q.offset);
  }
  async countUnresolved(organizationId: string) {
    return [...this.t().tickets.values()].filter(
      (t) => t.organizationId === organizationId && UNRESOLVED_STATUSES.includes(t.status),
    ).length;
  }
  async saveMessage(message: TicketMessage) {
    if (!this.t().tickets.has(message.ticketId)) {
      throw new Error(`ticket ${message.ticketId} does not exist`);
    }
    this.t().ticketMessages.set(message.id, copy(message));
  }
  async listMessages(ticketId: string) {
    return [...this.t().ticketMessages.values()]
      .filter((m) => m.ticketId === ticketId)
      .sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map(copy);
  }
}
