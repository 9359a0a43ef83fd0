import type { Workspace, WorkspaceRepository } from '@groundfloor/domain';
import { In } from 'typeorm';
import { WorkspaceMapper } from '../mappers/workspace.mapper';
import { WorkspaceSchema } from '../schemas/workspace.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid, onlyUuids } from '../uuid';
import type { RepositoryScope } from './repository-scope';

export class TypeormWorkspaceRepository implements WorkspaceRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(workspace: Workspace): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(WorkspaceSchema, WorkspaceMapper.toRecord(workspace), ['id']),
    );
  }

  async findById(id: string): Promise<Workspace | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope.manager().findOne(WorkspaceSchema, { where: { id } });
    return record ? WorkspaceMapper.toDomain(record) : null;
  }

  async findByIds(ids: readonly string[]): Promise<Workspace[]> {
    const wanted = onlyUuids(ids);
    if (wanted.length === 0) return [];
    const records = await this.scope.manager().find(WorkspaceSchema, { where: { id: In(wanted) } });
    return records.map(WorkspaceMapper.toDomain);
  }

  async listByOrganization(organizationId: string): Promise<Workspace[]> {
    if (!isUuid(organizationId)) return [];
    const records = await this.scope
      .manager()
      .find(WorkspaceSchema, { where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(WorkspaceMapper.toDomain);
  }

  countByOrganization(organizationId: string): Promise<number> {
    if (!isUuid(organizationId)) return Promise.resolve(0);
    return this.scope.manager().count(WorkspaceSchema, { where: { organizationId } });
  }
}
