import { type TicketEmailKind, ticketEmail } from '../../mail/support-templates';
import { grantsAccess } from '../../membership/membership';
import type { Repositories } from '../../ports/repositories.port';
import type { Ticket } from '../../ticket/ticket';
import type { Deps } from '../deps';

/** Enough for every owner of any real organization. */
const OWNERS_SCANNED = 10_000;

/**
 * The opener, while they hold an accepted organization role; otherwise the
 * organization's accepted Owners (spec: Events, rule 2).
 */
export async function ticketRecipients(repos: Repositories, ticket: Ticket, now: Date): Promise<string[]> {
  const own = await repos.memberships.findForUserOnScope(
    ticket.requesterUserId,
    'account',
    ticket.organizationId,
  );
  if (own && grantsAccess(own, now)) {
    const opener = await repos.users.findById(ticket.requesterUserId);
    if (opener) return [opener.email];
  }
  const memberships = await repos.memberships.listForScope('account', ticket.organizationId, OWNERS_SCANNED);
  const owners = memberships.filter((m) => m.role === 'owner' && grantsAccess(m, now));
  const users = await Promise.all(owners.map((m) => repos.users.findById(m.userId)));
  return users.flatMap((u) => (u ? [u.email] : []));
}

/** Sends after the commit; a mail failure never undoes or fails the change. */
export async function sendTicketEmails(
  deps: Pick<Deps, 'mailer' | 'settings'>,
  recipients: readonly string[],
  kind: TicketEmailKind,
  ticket: Ticket,
): Promise<void> {
  const link = `${deps.settings.publicBaseUrl}/support/tickets/${ticket.id}`;
  for (const to of recipients) {
    try {
      await deps.mailer.send(
        ticketEmail({ to, kind, number: ticket.number, platformName: deps.settings.platformName, link }),
      );
    } catch {
      // The outbox retries what it stored; nothing more to do for the request.
    }
  }
}
