import type { PasswordLink, PasswordLinkRepository } from '@groundfloor/domain';
import { IsNull } from 'typeorm';
import { PasswordLinkMapper } from '../mappers/password-link.mapper';
import { type PasswordLinkRecord, PasswordLinkSchema } from '../schemas/password-link.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';
import { upsertRow } from './rows';

export class TypeormPasswordLinkRepository implements PasswordLinkRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(link: PasswordLink): Promise<void> {
    await translatingConflicts(
      upsertRow(this.scope.manager(), PasswordLinkSchema, PasswordLinkMapper.toRecord(link), ['id']),
    );
  }

  findByTokenHash(tokenHash: string): Promise<PasswordLink | null> {
    return this.find(tokenHash, false);
  }

  findByTokenHashForUpdate(tokenHash: string): Promise<PasswordLink | null> {
    return this.find(tokenHash, true);
  }

  async cancelActiveForUser(userId: string, at: Date): Promise<number> {
    if (!isUuid(userId)) return 0;
    const result = await this.scope
      .manager()
      .update(PasswordLinkSchema, { userId, usedAt: IsNull(), cancelledAt: IsNull() }, { cancelledAt: at });
    return result.affected ?? 0;
  }

  private async find(tokenHash: string, forUpdate: boolean): Promise<PasswordLink | null> {
    const record = await this.scope.manager().findOne(PasswordLinkSchema, {
      where: { tokenHash },
      ...lockFor<PasswordLinkRecord>(this.scope, forUpdate),
    });
    return record ? PasswordLinkMapper.toDomain(record) : null;
  }
}
