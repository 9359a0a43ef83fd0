import type { App, AppListQuery, AppRepository } from '@groundfloor/domain';
import { AppMapper } from '../mappers/app.mapper';
import { AppSchema } from '../schemas/app.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormAppRepository implements AppRepository {
  constructor(private readonly scope: RepositoryScope) {}

  /** The unique index `apps_workspace_id_slug_key` decides a slug race: the loser gets `duplicate`. */
  async save(app: App): Promise<void> {
    await translatingConflicts(this.scope.manager().upsert(AppSchema, AppMapper.toRecord(app), ['id']));
  }

  findById(workspaceId: string, id: string): Promise<App | null> {
    return this.find(workspaceId, id, false);
  }

  findByIdForUpdate(workspaceId: string, id: string): Promise<App | null> {
    return this.find(workspaceId, id, true);
  }

  async findBySlug(workspaceId: string, slug: string): Promise<App | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope.manager().findOne(AppSchema, { where: { workspaceId, slug } });
    return record ? AppMapper.toDomain(record) : null;
  }

  async list(query: AppListQuery): Promise<App[]> {
    if (!isUuid(query.workspaceId) || query.kinds.length === 0) return [];
    if (query.environmentId !== undefined && !isUuid(query.environmentId)) return [];
    const builder = this.scope
      .manager()
      .createQueryBuilder(AppSchema, 'a')
      .where('a.workspaceId = :workspaceId', { workspaceId: query.workspaceId })
      .andWhere('a.kind IN (:...kinds)', { kinds: [...query.kinds] });
    if (!query.includeArchived) builder.andWhere("a.status = 'active'");
    if (query.environmentId !== undefined) {
      builder.andWhere('a.environmentId = :environmentId', { environmentId: query.environmentId });
    }
    builder.orderBy('a.createdAt', 'ASC').addOrderBy('a.id', 'ASC');
    if (query.limit !== undefined) builder.limit(query.limit);
    const records = await builder.getMany();
    return records.map(AppMapper.toDomain);
  }

  private async find(workspaceId: string, id: string, forUpdate: boolean): Promise<App | null> {
    if (!isUuid(workspaceId) || !isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(AppSchema, { where: { workspaceId, id }, ...lockFor(this.scope, forUpdate) });
    return record ? AppMapper.toDomain(record) : null;
  }
}
