import type { TicketPage } from '../../ports/repositories.port';
import { invalid } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import type { TicketCategory, TicketDetail, TicketStatus } from '../../ticket/ticket';
import type { Deps } from '../deps';
import { authorizeSupport, findVisibleTicket } from './support-access';

export interface TicketPageRequest {
  readonly limit: number;
  readonly offset: number;
}

/** `limit` 1 to 100 and `offset` 0 to 100,000 (spec: Support, list parameters). */
export function requireTicketPage(page: TicketPageRequest): void {
  const { limitMax, offsetMax } = Limits.ticketList;
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > limitMax) {
    throw invalid('invalid_query', `limit must be 1 to ${limitMax}`, [
      { field: 'limit', message: `must be a whole number from 1 to ${limitMax}` },
    ]);
  }
  if (!Number.isInteger(page.offset) || page.offset < 0 || page.offset > offsetMax) {
    throw invalid('invalid_query', `offset must be 0 to ${offsetMax}`, [
      { field: 'offset', message: `must be a whole number from 0 to ${offsetMax}` },
    ]);
  }
}

/** The tickets of an organization the caller can see, most recently updated first. */
export class ListTickets {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    userId: string;
    organizationId: string;
    statuses: readonly TicketStatus[];
    categories: readonly TicketCategory[];
    limit: number;
    offset: number;
  }): Promise<TicketPage> {
    requireTicketPage(input);
    const { read } = this.deps.uow;
    const access = await authorizeSupport(read, input.userId, input.organizationId, this.deps.clock.now());
    return read.tickets.listForOrganization({
      organizationId: access.organization.id,
      visibleTo: access.visibility,
      statuses: input.statuses,
      categories: input.categories,
      limit: input.limit,
      offset: input.offset,
    });
  }
}

/** One visible ticket with its messages; anything invisible is 404. */
export class GetTicket {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; organizationId: string; ticketId: string }): Promise<TicketDetail> {
    const { read } = this.deps.uow;
    const access = await authorizeSupport(read, input.userId, input.organizationId, this.deps.clock.now());
    const ticket = await findVisibleTicket(read, access, input.ticketId);
    return { ticket, messages: await read.tickets.listMessages(ticket.id) };
  }
}
