import type { PasswordLink } from '@groundfloor/domain';
import type { PasswordLinkRecord } from '../schemas/password-link.schema';

export const PasswordLinkMapper = {
  toRecord(l: PasswordLink): PasswordLinkRecord {
    return {
      id: l.id,
      userId: l.userId,
      tokenHash: l.tokenHash,
      createdAt: l.createdAt,
      expiresAt: l.expiresAt,
      usedAt: l.usedAt,
      cancelledAt: l.cancelledAt,
    };
  },
  toDomain(r: PasswordLinkRecord): PasswordLink {
    return {
      id: r.id,
      userId: r.userId,
      tokenHash: r.tokenHash,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      usedAt: r.usedAt,
      cancelledAt: r.cancelledAt,
    };
  },
};
