import { auditPlace, authorizeScopeOf } from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { nextMembershipState } from '../../membership/membership.machine';
import { refuseLastOwner, refuseViolation, removalViolation } from '../../membership/membership.policy';
import type { Deps } from '../deps';
import { lockMembershipAndOwners } from './lock-membership';

/**
 * DELETE a membership, accepted or pending (role rule 4): only a role ranked
 * strictly below the caller's own on the scope; never the last owner.
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
