import type { RefreshToken, RefreshTokenRepository } from '@groundfloor/domain';
import { SessionMapper } from '../mappers/session.mapper';
import { type RefreshTokenRecord, RefreshTokenSchema } from '../schemas/refresh-token.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';
import { upsertRow } from './rows';

export class TypeormRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(token: RefreshToken): Promise<void> {
    await translatingConflicts(
      upsertRow(this.scope.manager(), RefreshTokenSchema, SessionMapper.tokenToRecord(token), ['id']),
    );
  }

  async findByIdForUpdate(id: string): Promise<RefreshToken | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(RefreshTokenSchema, { where: { id }, ...lockFor<RefreshTokenRecord>(this.scope, true) });
    return record ? SessionMapper.tokenToDomain(record) : null;
  }
}
