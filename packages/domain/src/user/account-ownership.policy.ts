import type { User } from './user';

/*
 * The account-ownership invariant (docs/security.md): a grant addressed to an
 * email reaches only someone who controls that mailbox, or who chose the
 * account's password through a link sent to it.
 *
 * An organization's admin may give a brand-new login its first password
 * (spec, POST members rule 3). That password proves nothing about the mailbox,
 * so the account is trusted only by the organization that set it until the
 * person redeems a link emailed to the address. The operator is trusted: a
 * password the operator sets counts as proof.
 */

/** Whether the person behind the account can sign in at all. */
export const canSignIn = (user: User): boolean => user.passwordHash !== null;

/**
 * Whether a grant from `organizationId` may reach the account at once: it can
 * sign in, and either proved its mailbox or got its password from this very
 * organization. Otherwise the grant waits as a pending invitation until the
 * person proves the mailbox.
 */
export function trustedBy(user: User, organizationId: string): boolean {
  return canSignIn(user) && (user.emailVerified || user.passwordSetByOrganizationId === organizationId);
}

/** The person chose the password through a link sent to the address: the mailbox is proven. */
export function proveMailbox(user: User): void {
  user.emailVerified = true;
  user.passwordSetByOrganizationId = null;
}
