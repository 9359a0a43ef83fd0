import type { AppUserRefreshToken, AppUserSession, AppUserSessionRepository } from '@groundfloor/domain';
import { IsNull } from 'typeorm';
import { AppUserRefreshTokenSchema, AppUserSessionSchema } from '../schemas/app-user-session.schema';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormAppUserSessionRepository implements AppUserSessionRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(session: AppUserSession): Promise<void> {
    await this.scope.manager().upsert(AppUserSessionSchema, { ...session }, ['id']);
  }

  findById(id: string): Promise<AppUserSession | null> {
    return this.findOne(id, false);
  }

  findByIdForUpdate(id: string): Promise<AppUserSession | null> {
    return this.findOne(id, true);
  }

  async revokeAllForUser(workspaceId: string, userId: string, at: Date): Promise<number> {
    if (!isUuid(workspaceId) || !isUuid(userId)) return 0;
    const result = await this.scope
      .manager()
      .update(AppUserSessionSchema, { workspaceId, userId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected ?? 0;
  }

  async revokeAllInWorkspace(workspaceId: string, at: Date): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    const result = await this.scope
      .manager()
      .update(AppUserSessionSchema, { workspaceId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected ?? 0;
  }

  async saveRefreshToken(token: AppUserRefreshToken): Promise<void> {
    await this.scope.manager().upsert(AppUserRefreshTokenSchema, { ...token }, ['id']);
  }

  async findRefreshTokenForUpdate(id: string): Promise<AppUserRefreshToken | null> {
    if (!isUuid(id)) return null;
    const r = await this.scope
      .manager()
      .findOne(AppUserRefreshTokenSchema, { where: { id }, ...lockFor(this.scope, true) });
    return r ? { id: r.id, sessionId: r.sessionId, expiresAt: r.expiresAt, spentAt: r.spentAt } : null;
  }

  private async findOne(id: string, forUpdate: boolean): Promise<AppUserSession | null> {
    if (!isUuid(id)) return null;
    const r = await this.scope
      .manager()
      .findOne(AppUserSessionSchema, { where: { id }, ...lockFor(this.scope, forUpdate) });
    return r
      ? {
          id: r.id,
          workspaceId: r.workspaceId,
          userId: r.userId,
          clientId: r.clientId,
          createdAt: r.createdAt,
          revokedAt: r.revokedAt,
        }
      : null;
  }
}
