import { type Actor, OPERATOR } from '../../audit/audit-event';
import type { EmailOutcome } from '../../mail/email-outcome';
import type { Membership } from '../../membership/membership';
import type { Organization, PlanTier } from '../../organization/organization';
import { DomainError } from '../../shared/domain-error';
import { requireEmail, requireName, requirePasswordPolicy } from '../../shared/text';
import { proveMailbox } from '../../user/account-ownership.policy';
import { newUser, type User } from '../../user/user';
import type { Deps } from '../deps';
import { invitationDetailsFor, sendInvitation, setPasswordMessage } from '../membership/invitation-emails';
import { createOrganizationWithOwner } from '../organization/create-organization';

export interface CreatedOrganization {
  readonly organization: Organization;
  readonly ownerMembership: Membership;
  readonly email: EmailOutcome;
}

/**
 * Operator bootstrap (supplement §4): an organization and its owner. With a
 * password the owner is accepted at once; without one they get a pending
 * membership and a set-password email. An existing user keeps their password.
 *
 * The operator is trusted, so a password it sets proves the account. An
 * existing account whose password an organization's admin set, and whose
 * owner never proved the mailbox, gets the ownership as a pending invitation
 * and a link to the mailbox instead (docs/security.md, account ownership).
 */
export class CreateOrganizationForOwner {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'hasher' | 'secretTokens' | 'mailer' | 'settings'
    >,
  ) {}

  async execute(input: {
    name: string;
    planTier: PlanTier;
    ownerEmail: string;
    ownerPassword?: string;
    ownerDisplayName?: string;
    ip: string | null;
  }): Promise<CreatedOrganization> {
    const name = requireName(input.name);
    const email = requireEmail(input.ownerEmail, 'owner_email');
    if (input.ownerPassword !== undefined) requirePasswordPolicy(input.ownerPassword, 'owner_password');
    const displayName =
      input.ownerDisplayName === undefined ? null : requireName(input.ownerDisplayName, 'owner_display_name');
    const { uow, clock, ids, hasher, settings } = this.deps;
    const existing = await uow.read.users.findByEmail(email);
    const passwordHash =
      input.ownerPassword !== undefined && !existing?.passwordHash
        ? await hasher.hash(input.ownerPassword)
        : null;
    const now = clock.now();
    const actor: Actor = OPERATOR;

    const create = () =>
      uow.transaction(async (tx) => {
        const user: User =
          (await tx.users.findByEmail(email)) ??
          newUser({ id: ids.next(), email, createdAt: now, displayName });
        if (!user.passwordHash && passwordHash) {
          user.passwordHash = passwordHash;
          proveMailbox(user);
        }
        if (!user.displayName && displayName) user.displayName = displayName;
        await tx.users.save(user);
        // A brand-new organization: only a proven account is trusted by it.
        const canSignIn = user.passwordHash !== null && user.emailVerified;
        const created = await createOrganizationWithOwner(this.deps, tx, { actor, ip: input.ip }, now, {
          name,
          planTier: input.planTier,
          ownerUserId: user.id,
          ownerStatus: canSignIn ? 'accepted' : 'pending',
        });
        const mail = canSignIn
          ? invitationDetailsFor(settings, user, name, 'owner')
          : await setPasswordMessage(this.deps, tx, user, now, name);
        return { ...created, message: mail };
      });
    // Two bootstraps for one new email at once: the second finds the user
    // the first made when it runs again, as a later bootstrap would.
    const { organization, membership, message } = await create().catch((err: unknown) => {
      if (err instanceof DomainError && err.code === 'duplicate') return create();
      throw err;
    });

    const outcome = await sendInvitation(this.deps, message, membership.userId);
    return { organization, ownerMembership: membership, email: outcome };
  }
}
