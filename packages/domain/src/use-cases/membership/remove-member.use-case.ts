import { auditPlace, authorizeScopeOf, findScope, type Scope } from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Membership } from '../../membership/membership';
import { membershipNotFound } from '../../membership/membership.errors';
import { nextMembershipState } from '../../membership/membership.machine';
import { refuseLastOwner, refuseViolation, removalViolation } from '../../membership/membership.policy';
import type { Repositories } from '../../ports/repositories.port';
import type { Deps } from '../deps';
import { lockMembershipAndOwners } from './lock-membership';

/**
 * DELETE a membership, accepted or pending (role rule 4): only a role ranked
 * strictly below the caller's own on the scope; never the last owner (409
 * `last_owner` for an owner removing it, which can only be themselves on an
 * organization, or the sole workspace owner on a workspace).
 * Allowed on a frozen workspace or in a suspended organization.
 *
 * Anyone may leave a scope: a member removing their own membership needs no
 * permission (an existing user can be added without being asked, so they must
 * be able to walk out), but the last owner still cannot leave.
 */
export class RemoveMember {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: { userId: string; membershipId: string; context: RequestContext }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { membership, owners } = await lockMembershipAndOwners(tx, input.membershipId);
      const leaving = membership.userId === input.userId;
      let scope: Scope;
      if (leaving) {
        scope = await this.ownScope(tx, membership);
        nextMembershipState(membership.status, 'delete');
      } else {
        const access = await authorizeScopeOf(tx, input.userId, membership, 'manage_members', now);
        nextMembershipState(membership.status, 'delete');
        // Spec Errors, 409 "Revoke: last owner": an owner removing the last owner
        // hears why it can never work, before the rank rule's 403.
        if (access.callerRole === 'owner') refuseLastOwner(membership, owners, now);
        refuseViolation(removalViolation(access.type, access.callerRole, membership.role));
        scope = access;
      }
      refuseLastOwner(membership, owners, now);
      await tx.memberships.delete(membership.id);
      await recordAudit(tx, this.deps, input.context, now, {
        action: leaving ? 'membership.left' : 'membership.deleted',
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

  /** The scope of the caller's own membership; gone with it when the scope no longer exists. */
  private async ownScope(tx: Repositories, membership: Membership): Promise<Scope> {
    const scope = await findScope(tx, membership.scopeType, membership.scopeId);
    if (!scope) throw membershipNotFound();
    return scope;
  }
}
