import type { Membership, MembershipStatus, Role, ScopeType } from '@groundfloor/domain';
import type { MembershipRecord } from '../schemas/membership.schema';

export const MembershipMapper = {
  toRecord(m: Membership): MembershipRecord {
    return {
      id: m.id,
      userId: m.userId,
      scopeType: m.scopeType,
      scopeId: m.scopeId,
      role: m.role,
      status: m.status,
      createdAt: m.createdAt,
      expiresAt: m.expiresAt,
      invitedByUserId: m.invitedByUserId,
    };
  },
  toDomain(r: MembershipRecord): Membership {
    return {
      id: r.id,
      userId: r.userId,
      scopeType: r.scopeType as ScopeType,
      scopeId: r.scopeId,
      role: r.role as Role,
      status: r.status as MembershipStatus,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      invitedByUserId: r.invitedByUserId,
    };
  },
};
