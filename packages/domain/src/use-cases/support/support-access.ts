import { OrganizationAccess } from '../../access/access-control';
import type { Organization } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import type { Role } from '../../roles/role';
import { forbidden, notFound } from '../../shared/domain-error';
import type { Ticket } from '../../ticket/ticket';
import {
  canSeeTicket,
  SUPPORT_ROLES,
  type TicketVisibility,
  ticketVisibility,
} from '../../ticket/ticket-visibility.policy';

export interface SupportAccess {
  readonly organization: Organization;
  readonly role: Role;
  readonly visibility: TicketVisibility;
}

/**
 * Support routes need `read` on the organization and an accepted
 * organization role of Owner, Admin, Billing admin, Writer, Member or
 * Partner (spec: Authentication, rule 5). Organization missing: 404.
 */
export async function authorizeSupport(
  repos: Repositories,
  userId: string,
  organizationId: string,
  now: Date,
): Promise<SupportAccess> {
  const [organization, memberships] = await Promise.all([
    repos.organizations.findById(organizationId),
    repos.memberships.listForUserInOrganization(userId, organizationId),
  ]);
  if (!organization) throw notFound('organization_not_found', 'no such organization');
  const access = OrganizationAccess.from(memberships, organization.id, now);
  const role = access.organizationRole;
  if (role === null || !SUPPORT_ROLES.includes(role)) {
    if (access.isInsider) {
      throw forbidden(
        'no_eligible_organization_role',
        'support needs an accepted organization role (owner, admin, billing admin, writer, member or partner)',
      );
    }
    throw forbidden('permission_denied', "this action needs the 'read' permission on the organization");
  }
  if (!access.onOrganization('read')) {
    throw forbidden('permission_denied', "this action needs the 'read' permission on the organization");
  }
  return { organization, role, visibility: ticketVisibility(role, userId) };
}

export const ticketNotFound = () => notFound('ticket_not_found', 'no such ticket');

/** A ticket of the organization that the caller can see; anything else is 404. */
export async function findVisibleTicket(
  repos: Repositories,
  access: SupportAccess,
  ticketId: string,
  forUpdate = false,
): Promise<Ticket> {
  const ticket = forUpdate
    ? await repos.tickets.findByIdForUpdate(ticketId)
    : await repos.tickets.findById(ticketId);
  if (
    !ticket ||
    ticket.organizationId !== access.organization.id ||
    !canSeeTicket(access.visibility, ticket)
  ) {
    throw ticketNotFound();
  }
  return ticket;
}
