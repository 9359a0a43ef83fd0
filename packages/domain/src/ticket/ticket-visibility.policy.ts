import type { Role } from '../roles/role';
import { TICKET_CATEGORIES, type Ticket, type TicketCategory } from './ticket';

/** Organization roles that may use the support routes (spec: Authentication, rule 5). */
export const SUPPORT_ROLES: readonly Role[] = [
  'owner',
  'admin',
  'billing_admin',
  'writer',
  'member',
  'partner',
];

/**
 * Which tickets of an organization a caller sees: always their own, plus
 * every ticket of `categories`. Also the filter the ticket list runs in the
 * database.
 */
export interface TicketVisibility {
  readonly requesterUserId: string;
  readonly categories: readonly TicketCategory[];
}

/**
 * Owners see all; Admins all but `security`; Billing admins `billing`;
 * Writers, Members and Partners their own. So `security` tickets reach only
 * their opener and the Owners.
 */
const SEEN_BEYOND_OWN: Readonly<Record<Role, readonly TicketCategory[]>> = {
  owner: TICKET_CATEGORIES,
  admin: TICKET_CATEGORIES.filter((c) => c !== 'security'),
  billing_admin: ['billing'],
  writer: [],
  member: [],
  partner: [],
};

export function ticketVisibility(role: Role, userId: string): TicketVisibility {
  return { requesterUserId: userId, categories: SEEN_BEYOND_OWN[role] };
}

export function canSeeTicket(
  visibility: TicketVisibility,
  ticket: Pick<Ticket, 'requesterUserId' | 'category'>,
) {
  return (
    ticket.requesterUserId === visibility.requesterUserId || visibility.categories.includes(ticket.category)
  );
}
