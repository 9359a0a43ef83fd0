import { auditPlace, authorizeScopeOf } from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { nextMembershipState } from '../../membership/membership.machine';
import { refuseLastOwner, refuseViolation, removalViolation } from '../../membership/membership.policy';
import type { Deps } from '../deps';
import { lockMembershipAndOwners } from './lock-membership';

/**
 * DELETE a membership, accepted or pending (role rule 4): only a role ranked
 * strictly below the caller's own on the scope; never the last owner (409
 * `last_owner` for an owner removing it, which can only be themselves on an
 * organization, or the sole workspace owner on a workspace).
 * Allowed on a frozen workspace or in a suspended organization.
 */
export class RemoveMember {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: { userId: string; membershipId: string; context: RequestContext }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { membership, owners } = await lockMembershipAndOwners(tx, input.membershipId);
      const scope = await authorizeScopeOf(tx, input.userId, membership, 'manage_members', now);
      nextMembershipState(membership.status, 'delete');
      // Spec Errors, 409 "Revoke: last owner": an owner removing the last owner
      // (themselves) hears why it can never work, before the rank rule's 403.
      if (scope.callerRole === 'owner') refuseLastOwner(membership, owners, now);
      refuseViolation(removalViolation(scope.type, scope.callerRole, membership.role));
      refuseLastOwner(membership, owners, now);
      await tx.memberships.delete(membership.id);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'membership.deleted',
        ...auditPlace(scope),
        target: { type: 'membership', id: membership.id },
        details: {
          user_id: membership.userId,
          scope_type: scope.type,
          scope_id: scope.id,
          role: membership.role,
          status: membership.status,
        },
      });
    });
  }
}
