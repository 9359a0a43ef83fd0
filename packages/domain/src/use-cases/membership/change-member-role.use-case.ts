import { auditPlace, authorizeScopeOf, requireScopeNotFrozen } from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { membershipNotFound } from '../../membership/membership.errors';
import { statusAfter } from '../../membership/membership.machine';
import { refuseLastOwner, refuseViolation, roleChangeViolation } from '../../membership/membership.policy';
import { requireRoleForScope, requireRoleName } from '../../roles/role';
import type { Deps } from '../deps';
import { lockMembershipAndOwners } from './lock-membership';
import type { Member } from './read-members.use-cases';

/**
 * PATCH a membership's role in place (role rules 1 to 3): the new role must
 * be valid for the scope, and the caller allowed both to grant it and to
 * revoke the current one; the last owner is never demoted. The same role
 * again returns the membership unchanged.
 */
export class ChangeMemberRole {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    membershipId: string;
    role: string;
    context: RequestContext;
  }): Promise<Member> {
    requireRoleName(input.role);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { membership, owners } = await lockMembershipAndOwners(tx, input.membershipId);
      const scope = await authorizeScopeOf(tx, input.userId, membership, 'manage_members', now);
      // Which roles the scope takes is said only to those who may manage its members.
      const role = requireRoleForScope(membership.scopeType, input.role);
      const user = await tx.users.findById(membership.userId);
      if (!user) throw membershipNotFound();
      if (membership.role === role) return { membership, user };
      requireScopeNotFrozen(scope);
      statusAfter(membership.status, 'change_role');
      // As for DELETE: an owner demoting the last owner hears 409 `last_owner`
      // rather than a rank rule (on a workspace, the sole workspace owner).
      if (scope.callerRole === 'owner') refuseLastOwner(membership, owners, now);
      refuseViolation(
        roleChangeViolation(scope.type, scope.callerRole, {
          current: membership.role,
          next: role,
          ownMembership: membership.userId === input.userId,
        }),
      );
      refuseLastOwner(membership, owners, now);
      const from = membership.role;
      membership.role = role;
      await tx.memberships.save(membership);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'membership.role_changed',
        ...auditPlace(scope),
        target: { type: 'membership', id: membership.id },
        details: { user_id: membership.userId, scope_type: scope.type, scope_id: scope.id, from, to: role },
      });
      return { membership, user };
    });
  }
}
