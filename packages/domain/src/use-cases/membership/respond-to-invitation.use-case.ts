import { auditPlace, findScope } from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { hasExpired } from '../../membership/membership';
import {
  emailNotVerified,
  invitationNotFound,
  membershipAlreadyAccepted,
} from '../../membership/membership.errors';
import { nextMembershipState, statusAfter } from '../../membership/membership.machine';
import type { Repositories } from '../../ports/repositories.port';
import type { ScopeType } from '../../roles/role';
import { trustedBy } from '../../user/account-ownership.policy';
import type { Deps } from '../deps';

/**
 * Accepting reaches the organization's grant: only an account that proved its
 * mailbox, or whose password this organization set, may (docs/security.md).
 */
async function requireTrustedBy(tx: Repositories, userId: string, scopeType: ScopeType, scopeId: string) {
  const [user, scope] = await Promise.all([tx.users.findById(userId), findScope(tx, scopeType, scopeId)]);
  if (!user || !scope) throw invitationNotFound();
  if (!trustedBy(user, scope.organization.id)) throw emailNotVerified();
}

type InvitationInput = { userId: string; membershipId: string; context: RequestContext };

/**
 * The invitee answers a pending membership (Membership state table). Someone
 * else's invitation, or one that is not pending, is 404; one accepted by a
 * concurrent request while this one waited for the row lock is 409 to an
 * accept and 404 to a reject. Allowed
 * on a frozen workspace or in a suspended organization.
 */
async function respond(
  deps: Pick<Deps, 'uow' | 'clock' | 'ids'>,
  input: InvitationInput,
  answer: 'accept' | 'reject',
): Promise<void> {
  // First look without a lock: anything but the caller's own pending invitation is 404.
  const peek = await deps.uow.read.memberships.findById(input.membershipId);
  if (!peek || peek.userId !== input.userId) throw invitationNotFound();
  nextMembershipState(peek.status, answer);
  const now = deps.clock.now();
  // An expired invitation can no longer be accepted (it would grant nothing); rejecting clears it.
  if (answer === 'accept' && peek.status === 'pending' && hasExpired(peek, now)) throw invitationNotFound();
  await deps.uow.transaction(async (tx) => {
    const membership = await tx.memberships.findByIdForUpdate(input.membershipId);
    if (!membership) throw invitationNotFound();
    // Only accept has a 409 for this (state table); a reject of what is no longer pending is 404.
    if (membership.status === 'accepted')
      throw answer === 'accept' ? membershipAlreadyAccepted() : invitationNotFound();
    if (answer === 'accept') {
      await requireTrustedBy(tx, membership.userId, membership.scopeType, membership.scopeId);
      membership.status = statusAfter(membership.status, 'accept');
      await tx.memberships.save(membership);
    } else {
      nextMembershipState(membership.status, 'reject');
      await tx.memberships.delete(membership.id);
    }
    const scope = await findScope(tx, membership.scopeType, membership.scopeId);
    await recordAudit(tx, deps, input.context, now, {
      action: answer === 'accept' ? 'membership.accepted' : 'membership.rejected',
      ...(scope ? auditPlace(scope) : {}),
      target: { type: 'membership', id: membership.id },
      details: {
        user_id: membership.userId,
        scope_type: membership.scopeType,
        scope_id: membership.scopeId,
        role: membership.role,
      },
    });
  });
}

/** POST accept: pending → accepted; the role is granted now. */
export class AcceptInvitation {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: InvitationInput): Promise<{ status: 'accepted' }> {
    await respond(this.deps, input, 'accept');
    return { status: 'accepted' };
  }
}

/** POST reject: pending → deleted; the invitee's login is kept. */
export class RejectInvitation {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  execute(input: InvitationInput): Promise<void> {
    return respond(this.deps, input, 'reject');
  }
}
