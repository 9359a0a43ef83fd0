import type { AppUserRefreshToken, AppUserSession, AppUserSessionRepository } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormAppUserSessionRepository`. */
export class InMemoryAppUserSessionRepository implements AppUserSessionRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(session: AppUserSession) {
    this.t().appUserSessions.set(session.id, copy(session));
  }
  async findById(id: string) {
    const s = this.t().appUserSessions.get(id);
    return s ? copy(s) : null;
  }
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async revokeAllForUser(workspaceId: string, userId: string, at: Date) {
    let n = 0;
    for (const s of this.t().appUserSessions.values()) {
      if (s.workspaceId === workspaceId && s.userId === userId && s.revokedAt === null) {
        s.revokedAt = at;
        n++;
      }
    }
    return n;
  }
  async revokeAllInWorkspace(workspaceId: string, at: Date) {
    let n = 0;
    for (const s of this.t().appUserSessions.values()) {
      if (s.workspaceId === workspaceId && s.revokedAt === null) {
        s.revokedAt = at;
        n++;
      }
    }
    return n;
  }
  async saveRefreshToken(token: AppUserRefreshToken) {
    this.t().appUserRefreshTokens.set(token.id, copy(token));
  }
  async findRefreshTokenForUpdate(id: string) {
    const r = this.t().appUserRefreshTokens.get(id);
    return r ? copy(r) : null;
  }
}
