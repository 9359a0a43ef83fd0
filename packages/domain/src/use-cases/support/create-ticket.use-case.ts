import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Repositories } from '../../ports/repositories.port';
import { invalid, notFound } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import {
  isTicketCategory,
  isTicketPriority,
  type Ticket,
  type TicketCategory,
  type TicketMessage,
  type TicketPriority,
  type TicketWithWarnings,
} from '../../ticket/ticket';
import { transitionTicket } from '../../ticket/ticket.machine';
import { requireTicketBody, requireTicketContext, requireTicketSubject } from '../../ticket/ticket-input';
import type { Deps } from '../deps';
import { authorizeSupport } from './support-access';
import {
  countingOnlyIfWritten,
  enforceSupportLimits,
  supportLimits,
  unresolvedCeilingReached,
} from './support-limits';
import { sendTicketEmails } from './support-mail';
import { ticketAuditEntry } from './ticket-audit';
import { ticketWarnings } from './ticket-warnings';

export interface CreateTicketInput {
  readonly userId: string;
  readonly organizationId: string;
  readonly subject: string;
  readonly category: TicketCategory | string;
  readonly priority?: TicketPriority | string;
  readonly workspaceId?: string | null;
  readonly description: string;
  readonly context?: Record<string, unknown>;
  readonly request: RequestContext;
}

/** The workspace's id as stored (lower case), when it belongs to the organization; else 422. */
async function requireWorkspaceOf(
  repos: Repositories,
  organizationId: string,
  id: string,
  field: string,
): Promise<string> {
  const workspace = /^[0-9a-f-]{36}$/i.test(id) ? await repos.workspaces.findById(id) : null;
  if (!workspace || workspace.organizationId !== organizationId) {
    throw invalid('invalid_workspace', `${field} is not a workspace of this organization`, [
      { field, message: 'not a workspace of this organization' },
    ]);
  }
  return workspace.id;
}

/**
 * Opens a ticket (state table row "none → open"); the description becomes
 * the first message. The organization row is locked while the unresolved
 * tickets are counted, so concurrent creations cannot pass the ceiling.
 */
export class CreateTicket {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'rateLimiter' | 'mailer' | 'settings'>,
  ) {}

  async execute(input: CreateTicketInput): Promise<TicketWithWarnings> {
    if (!isTicketCategory(input.category)) {
      throw invalid('invalid_category', 'category is not a ticket category', [
        { field: 'category', message: 'must be billing, technical, account, security or other' },
      ]);
    }
    const priority = input.priority ?? 'normal';
    if (!isTicketPriority(priority)) {
      throw invalid('invalid_priority', 'priority is not a ticket priority', [
        { field: 'priority', message: 'must be low, normal, high or urgent' },
      ]);
    }
    const category = input.category;
    const subject = requireTicketSubject(input.subject);
    const description = requireTicketBody(input.description, 'description');
    let context = requireTicketContext(input.context ?? {});
    const { uow, clock, rateLimiter } = this.deps;
    const now = clock.now();

    const access = await authorizeSupport(uow.read, input.userId, input.organizationId, now);
    const organizationId = access.organization.id;
    const workspaceId =
      input.workspaceId == null
        ? null
        : await requireWorkspaceOf(uow.read, organizationId, input.workspaceId, 'workspace_id');
    if (context.workspace_id !== undefined) {
      context = {
        ...context,
        workspace_id: await requireWorkspaceOf(
          uow.read,
          organizationId,
          context.workspace_id,
          'context.workspace_id',
        ),
      };
    }
    const user = await uow.read.users.findById(input.userId);
    if (!user) throw notFound('user_not_found', 'no such user');

    const places = await enforceSupportLimits(rateLimiter, [
      ...(input.request.ip ? [supportLimits.writesPerAddress(input.request.ip)] : []),
      supportLimits.newTicketsPerPerson(user.id),
      supportLimits.newTicketsPerOrganization(organizationId),
    ]);
    const warnings = ticketWarnings([subject, description, ...Object.values(context)]);
    const { next } = transitionTicket('none', 'create', false);

    const created = await countingOnlyIfWritten(places, () =>
      uow.transaction(async (tx) => {
        const organization = await tx.organizations.findByIdForUpdate(organizationId);
        if (!organization) throw notFound('organization_not_found', 'no such organization');
        if ((await tx.tickets.countUnresolved(organizationId)) >= Limits.unresolvedTicketsPerOrganization) {
          throw unresolvedCeilingReached();
        }
        const authorName = user.displayName ?? user.email;
        const ticket: Ticket = {
          id: this.deps.ids.next(),
          number: await tx.tickets.nextNumber(),
          organizationId,
          workspaceId,
          subject,
          subjectRedacted: false,
          category,
          priority,
          status: next,
          requesterUserId: user.id,
          requesterName: authorName,
          context,
          createdAt: now,
          updatedAt: now,
          resolvedAt: null,
          closedAt: null,
          lastCustomerActivityAt: now,
          lastOperatorActivityAt: null,
          operatorRepliedAt: null,
        };
        const message: TicketMessage = {
          id: this.deps.ids.next(),
          ticketId: ticket.id,
          authorKind: 'customer',
          authorUserId: user.id,
          authorName,
          body: description,
          redacted: false,
          createdAt: now,
        };
        await tx.tickets.save(ticket);
        await tx.tickets.saveMessage(message);
        await recordAudit(
          tx,
          this.deps,
          input.request,
          now,
          ticketAuditEntry('ticket.created', ticket, { category, priority, status: ticket.status, warnings }),
        );
        return { ticket, messages: [message] };
      }),
    );
    await sendTicketEmails(this.deps, [user.email], 'opened', created.ticket);
    return { ...created, warnings };
  }
}
