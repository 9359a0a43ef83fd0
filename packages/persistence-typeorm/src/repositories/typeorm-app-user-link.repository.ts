import type { AppUserLink, AppUserLinkKind, AppUserLinkRepository } from '@groundfloor/domain';
import { In, IsNull, MoreThan } from 'typeorm';
import { AppUserLinkMapper } from '../mappers/app-user-link.mapper';
import { AppUserLinkSchema } from '../schemas/app-user-link.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormAppUserLinkRepository implements AppUserLinkRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(link: AppUserLink): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(AppUserLinkSchema, AppUserLinkMapper.toRecord(link), ['id']),
    );
  }

  findByTokenHash(tokenHash: string): Promise<AppUserLink | null> {
    return this.findOne(tokenHash, false);
  }

  findByTokenHashForUpdate(tokenHash: string): Promise<AppUserLink | null> {
    return this.findOne(tokenHash, true);
  }

  async listUsable(
    workspaceId: string,
    userId: string,
    kinds: readonly AppUserLinkKind[],
    now: Date,
  ): Promise<AppUserLink[]> {
    if (!isUuid(workspaceId) || !isUuid(userId) || kinds.length === 0) return [];
    const records = await this.scope.manager().find(AppUserLinkSchema, {
      where: {
        workspaceId,
        userId,
        kind: In([...kinds]),
        usedAt: IsNull(),
        cancelledAt: IsNull(),
        expiresAt: MoreThan(now),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return records.map(AppUserLinkMapper.toDomain);
  }

  async usableUntil(
    workspaceId: string,
    userIds: readonly string[],
    kinds: readonly AppUserLinkKind[],
    now: Date,
  ): Promise<Map<string, Date>> {
    const ids = userIds.filter(isUuid);
    if (!isUuid(workspaceId) || ids.length === 0 || kinds.length === 0) return new Map();
    const rows: { userId: string; until: Date | string }[] = await this.scope
      .manager()
      .createQueryBuilder(AppUserLinkSchema, 'link')
      .select('link.userId', 'userId')
      .addSelect('MAX(link.expiresAt)', 'until')
      .where('link.workspaceId = :workspaceId', { workspaceId })
      .andWhere('link.userId IN (:...ids)', { ids })
      .andWhere('link.kind IN (:...kinds)', { kinds: [...kinds] })
      .andWhere('link.usedAt IS NULL')
      .andWhere('link.cancelledAt IS NULL')
      .andWhere('link.expiresAt > :now', { now })
      .groupBy('link.userId')
      .getRawMany();
    return new Map(rows.map((r) => [r.userId, new Date(r.until)]));
  }

  async cancelActive(
    workspaceId: string,
    userId: string,
    kinds: readonly AppUserLinkKind[],
    at: Date,
  ): Promise<number> {
    if (!isUuid(workspaceId) || !isUuid(userId) || kinds.length === 0) return 0;
    const result = await this.scope
      .manager()
      .update(
        AppUserLinkSchema,
        { workspaceId, userId, kind: In([...kinds]), usedAt: IsNull(), cancelledAt: IsNull() },
        { cancelledAt: at },
      );
    return result.affected ?? 0;
  }

  private async findOne(tokenHash: string, forUpdate: boolean): Promise<AppUserLink | null> {
    const record = await this.scope
      .manager()
      .findOne(AppUserLinkSchema, { where: { tokenHash }, ...lockFor(this.scope, forUpdate) });
    return record ? AppUserLinkMapper.toDomain(record) : null;
  }
}
