import type { Session, SessionRepository } from '@groundfloor/domain';
import { IsNull, Not } from 'typeorm';
import { SessionMapper } from '../mappers/session.mapper';
import { type SessionRecord, SessionSchema } from '../schemas/session.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';
import { upsertRow } from './rows';

export class TypeormSessionRepository implements SessionRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(session: Session): Promise<void> {
    await translatingConflicts(
      upsertRow(this.scope.manager(), SessionSchema, SessionMapper.toRecord(session), ['id']),
    );
  }

  /** A parameterised statement rather than a TypeORM find: it runs on every team request. */
  async findById(id: string): Promise<Session | null> {
    if (!isUuid(id)) return null;
    const rows: SessionRow[] = await this.scope
      .manager()
      .query(
        'SELECT id, user_id, created_at, revoked_at, password_change_required FROM sessions WHERE id = $1::uuid',
        [id],
      );
    const row = rows[0];
    return row
      ? SessionMapper.toDomain({
          id: row.id,
          userId: row.user_id,
          createdAt: row.created_at,
          revokedAt: row.revoked_at,
          passwordChangeRequired: row.password_change_required,
        })
      : null;
  }

  findByIdForUpdate(id: string): Promise<Session | null> {
    return this.find(id, true);
  }

  async revokeAllForUser(userId: string, at: Date, keepSessionId?: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const keep = keepSessionId !== undefined && isUuid(keepSessionId) ? { id: Not(keepSessionId) } : {};
    const result = await this.scope
      .manager()
      .update(SessionSchema, { userId, revokedAt: IsNull(), ...keep }, { revokedAt: at });
    return result.affected ?? 0;
  }

  private async find(id: string, forUpdate: boolean): Promise<Session | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(SessionSchema, { where: { id }, ...lockFor<SessionRecord>(this.scope, forUpdate) });
    return record ? SessionMapper.toDomain(record) : null;
  }
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  revoked_at: Date | null;
  password_change_required: boolean;
}
