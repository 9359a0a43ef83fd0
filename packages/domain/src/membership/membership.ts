import type { Role, ScopeType } from '../roles/role';

export type MembershipStatus = 'accepted' | 'pending';

export interface Membership {
  readonly id: string;
  readonly userId: string;
  readonly scopeType: ScopeType;
  readonly scopeId: string;
  role: Role;
  status: MembershipStatus;
  readonly createdAt: Date;
  /** An accepted membership past this instant grants nothing. */
  expiresAt: Date | null;
  readonly invitedByUserId: string | null;
}

/** A membership grants access only while accepted and not expired. */
export function grantsAccess(membership: Membership, now: Date): boolean {
  return membership.status === 'accepted' && (membership.expiresAt === null || membership.expiresAt > now);
}

/** Past its `expires_at`: grants nothing, and adding the user again replaces it. */
export function hasExpired(membership: Membership, now: Date): boolean {
  return membership.expiresAt !== null && membership.expiresAt <= now;
}
