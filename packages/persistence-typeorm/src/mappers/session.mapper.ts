import type { RefreshToken, Session } from '@groundfloor/domain';
import type { RefreshTokenRecord } from '../schemas/refresh-token.schema';
import type { SessionRecord } from '../schemas/session.schema';

/** Sessions and their refresh tokens form one aggregate: the token rows only make sense under a session. */
export const SessionMapper = {
  toRecord(s: Session): SessionRecord {
    return {
      id: s.id,
      userId: s.userId,
      createdAt: s.createdAt,
      revokedAt: s.revokedAt,
      passwordChangeRequired: s.passwordChangeRequired,
    };
  },
  toDomain(r: SessionRecord): Session {
    return {
      id: r.id,
      userId: r.userId,
      createdAt: r.createdAt,
      revokedAt: r.revokedAt,
      passwordChangeRequired: r.passwordChangeRequired,
    };
  },
  tokenToRecord(t: RefreshToken): RefreshTokenRecord {
    return { id: t.id, sessionId: t.sessionId, expiresAt: t.expiresAt, spentAt: t.spentAt };
  },
  tokenToDomain(r: RefreshTokenRecord): RefreshToken {
    return { id: r.id, sessionId: r.sessionId, expiresAt: r.expiresAt, spentAt: r.spentAt };
  },
};
