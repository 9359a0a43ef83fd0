import type { Membership } from '../../membership/membership';
import { membershipNotFound } from '../../membership/membership.errors';
import type { Repositories } from '../../ports/repositories.port';

/**
 * For a role change or a removal: locks every owner row of the membership's
 * scope (ordered by id), then the membership itself. Two transactions
 * demoting or removing owners of one scope therefore run one after the
 * other, and the second counts the owners the first left; taking the locks
 * in one order means they never deadlock.
 */
export async function lockMembershipAndOwners(
  tx: Repositories,
  membershipId: string,
): Promise<{ membership: Membership; owners: Membership[] }> {
  const peek = await tx.memberships.findById(membershipId);
  if (!peek) throw membershipNotFound();
  const owners = await tx.memberships.listOwnersOfScopeForUpdate(peek.scopeType, peek.scopeId);
  const membership = await tx.memberships.findByIdForUpdate(membershipId);
  if (!membership) throw membershipNotFound();
  return { membership, owners };
}
