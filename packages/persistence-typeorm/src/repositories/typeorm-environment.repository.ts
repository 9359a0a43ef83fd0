import type { Environment, EnvironmentRepository } from '@groundfloor/domain';
import { EnvironmentMapper } from '../mappers/environment.mapper';
import { EnvironmentSchema } from '../schemas/environment.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

export class TypeormEnvironmentRepository implements EnvironmentRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(environment: Environment): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(EnvironmentSchema, EnvironmentMapper.toRecord(environment), ['id']),
    );
  }

  async findById(workspaceId: string, id: string): Promise<Environment | null> {
    if (!isUuid(workspaceId) || !isUuid(id)) return null;
    const record = await this.scope.manager().findOne(EnvironmentSchema, { where: { workspaceId, id } });
    return record ? EnvironmentMapper.toDomain(record) : null;
  }

  async findByName(workspaceId: string, name: string): Promise<Environment | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope.manager().findOne(EnvironmentSchema, { where: { workspaceId, name } });
    return record ? EnvironmentMapper.toDomain(record) : null;
  }

  async listByWorkspace(workspaceId: string): Promise<Environment[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .find(EnvironmentSchema, { where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(EnvironmentMapper.toDomain);
  }

  async countByWorkspace(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    return this.scope.manager().count(EnvironmentSchema, { where: { workspaceId } });
  }
}
