import type { AppRole, AppRoleRepository } from '@groundfloor/domain';
import type { AppRoleRecord } from '../schemas/app-role.schema';
import { AppRoleSchema } from '../schemas/app-role.schema';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

const toDomain = (r: AppRoleRecord): AppRole => ({
  workspaceId: r.workspaceId,
  name: r.name,
  description: r.description,
  permissions: [...r.permissions],
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export class TypeormAppRoleRepository implements AppRoleRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(role: AppRole): Promise<void> {
    await this.scope
      .manager()
      .upsert(AppRoleSchema, { ...role, permissions: [...role.permissions] }, ['workspaceId', 'name']);
  }

  find(workspaceId: string, name: string): Promise<AppRole | null> {
    return this.findOne(workspaceId, name, false);
  }

  findForUpdate(workspaceId: string, name: string): Promise<AppRole | null> {
    return this.findOne(workspaceId, name, true);
  }

  async list(workspaceId: string): Promise<AppRole[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(AppRoleSchema, 'r')
      .where('r.workspaceId = :workspaceId', { workspaceId })
      .orderBy('r.name COLLATE "C"', 'ASC')
      .getMany();
    return records.map(toDomain);
  }

  async deleteAll(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    const result = await this.scope.manager().delete(AppRoleSchema, { workspaceId });
    return result.affected ?? 0;
  }

  private async findOne(workspaceId: string, name: string, forUpdate: boolean): Promise<AppRole | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope
      .manager()
      .findOne(AppRoleSchema, { where: { workspaceId, name }, ...lockFor(this.scope, forUpdate) });
    return record ? toDomain(record) : null;
  }
}
