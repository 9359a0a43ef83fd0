import type { RequestContext } from '../../audit/record';
import { notFound } from '../../shared/domain-error';
import type { TicketDetail } from '../../ticket/ticket';
import type { Deps } from '../deps';
import { authorizeSupport, findVisibleTicket } from './support-access';
import { changeTicketStatus } from './ticket-status-change';

interface StatusInput {
  userId: string;
  organizationId: string;
  ticketId: string;
  request: RequestContext;
}

abstract class CustomerStatusChange {
  protected abstract readonly event: 'resolve' | 'close';
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: StatusInput): Promise<TicketDetail> {
    const { uow, clock } = this.deps;
    const now = clock.now();
    const access = await authorizeSupport(uow.read, input.userId, input.organizationId, now);
    await findVisibleTicket(uow.read, access, input.ticketId);
    const user = await uow.read.users.findById(input.userId);
    if (!user) throw notFound('user_not_found', 'no such user');
    const { ticket, messages } = await uow.transaction(async (tx) =>
      changeTicketStatus(this.deps, tx, {
        ticket: await findVisibleTicket(tx, access, input.ticketId, true),
        event: this.event,
        by: user.displayName ?? user.email,
        byOperator: false,
        request: input.request,
        now,
      }),
    );
    return { ticket, messages };
  }
}

/** "any except closed → resolved" with a system message; resolved stays resolved; closed is 409. */
export class ResolveTicket extends CustomerStatusChange {
  protected readonly event = 'resolve' as const;
}

/** "any → closed" with a system message; closed stays closed. Final. */
export class CloseTicket extends CustomerStatusChange {
  protected readonly event = 'close' as const;
}
