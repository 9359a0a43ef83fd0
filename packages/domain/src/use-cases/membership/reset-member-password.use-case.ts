import { auditPlace, authorizeScopeOf } from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { type EmailOutcome, emailOutcome } from '../../mail/email-outcome';
import { membershipNotFound, notPlatformSignIn } from '../../membership/membership.errors';
import type { Deps } from '../deps';
import { setPasswordMessage } from './invitation-emails';

/**
 * POST reset-password (role rule 5): emails the member a set-password link;
 * a newer link cancels older ones. Only for platform sign-in users (409
 * otherwise). The password itself is never sent. Allowed on a frozen
 * workspace or in a suspended organization.
 */
export class ResetMemberPassword {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'secretTokens' | 'mailer' | 'settings'>,
  ) {}

  async execute(input: {
    userId: string;
    membershipId: string;
    context: RequestContext;
  }): Promise<EmailOutcome> {
    const now = this.deps.clock.now();
    const message = await this.deps.uow.transaction(async (tx) => {
      const membership = await tx.memberships.findById(input.membershipId);
      if (!membership) throw membershipNotFound();
      const scope = await authorizeScopeOf(tx, input.userId, membership, 'manage_members', now);
      const user = await tx.users.findByIdForUpdate(membership.userId);
      if (!user) throw membershipNotFound();
      if (user.idpRealm !== null) throw notPlatformSignIn();
      const email = await setPasswordMessage(this.deps, tx, user, now);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'membership.password_reset_sent',
        ...auditPlace(scope),
        target: { type: 'membership', id: membership.id },
        details: { user_id: user.id, scope_type: scope.type, scope_id: scope.id },
      });
      return email;
    });
    return emailOutcome(await this.deps.mailer.send(message));
  }
}
