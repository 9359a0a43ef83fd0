import type { AppUser, AppUserListQuery, AppUserRepository } from '@groundfloor/domain';
import { In } from 'typeorm';
import { AppUserMapper } from '../mappers/app-user.mapper';
import { AppUserSchema } from '../schemas/app-user.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid, onlyUuids } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

/** Links, sessions and tenant memberships of a user go with it (foreign keys cascade). */
export class TypeormAppUserRepository implements AppUserRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(user: AppUser): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(AppUserSchema, AppUserMapper.toRecord(user), ['id']),
    );
  }

  findById(workspaceId: string, id: string): Promise<AppUser | null> {
    return this.findOne(workspaceId, { id }, false);
  }

  findByIdForUpdate(workspaceId: string, id: string): Promise<AppUser | null> {
    return this.findOne(workspaceId, { id }, true);
  }

  findByEmail(workspaceId: string, email: string): Promise<AppUser | null> {
    return this.findOne(workspaceId, { email }, false);
  }

  findByEmailForUpdate(workspaceId: string, email: string): Promise<AppUser | null> {
    return this.findOne(workspaceId, { email }, true);
  }

  async findByIds(workspaceId: string, ids: readonly string[]): Promise<AppUser[]> {
    const wanted = onlyUuids(ids);
    if (!isUuid(workspaceId) || wanted.length === 0) return [];
    const records = await this.scope
      .manager()
      .find(AppUserSchema, { where: { workspaceId, id: In(wanted) } });
    return records.map(AppUserMapper.toDomain);
  }

  async list(query: AppUserListQuery): Promise<AppUser[]> {
    if (!isUuid(query.workspaceId)) return [];
    const records = await this.scope.manager().find(AppUserSchema, {
      where: { workspaceId: query.workspaceId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: query.first,
      take: query.limit,
    });
    return records.map(AppUserMapper.toDomain);
  }

  async countByWorkspace(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    return this.scope.manager().count(AppUserSchema, { where: { workspaceId } });
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!isUuid(workspaceId) || !isUuid(id)) return false;
    const result = await this.scope.manager().delete(AppUserSchema, { workspaceId, id });
    return (result.affected ?? 0) > 0;
  }

  async deleteAll(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    const result = await this.scope.manager().delete(AppUserSchema, { workspaceId });
    return result.affected ?? 0;
  }

  private async findOne(
    workspaceId: string,
    where: { id: string } | { email: string },
    forUpdate: boolean,
  ): Promise<AppUser | null> {
    if (!isUuid(workspaceId) || ('id' in where && !isUuid(where.id))) return null;
    const record = await this.scope
      .manager()
      .findOne(AppUserSchema, { where: { workspaceId, ...where }, ...lockFor(this.scope, forUpdate) });
    return record ? AppUserMapper.toDomain(record) : null;
  }
}
