import type { Workload, WorkloadRepository } from '@groundfloor/domain';
import { WorkloadMapper } from '../mappers/workload.mapper';
import { WorkloadSchema } from '../schemas/workload.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormWorkloadRepository implements WorkloadRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(workload: Workload): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(WorkloadSchema, WorkloadMapper.toRecord(workload), ['id']),
    );
  }

  findById(workspaceId: string, id: string): Promise<Workload | null> {
    return this.find(workspaceId, id, false);
  }

  findByIdForUpdate(workspaceId: string, id: string): Promise<Workload | null> {
    return this.find(workspaceId, id, true);
  }

  async listByWorkspace(workspaceId: string): Promise<Workload[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .find(WorkloadSchema, { where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(WorkloadMapper.toDomain);
  }

  private async find(workspaceId: string, id: string, forUpdate: boolean): Promise<Workload | null> {
    if (!isUuid(workspaceId) || !isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(WorkloadSchema, { where: { workspaceId, id }, ...lockFor(this.scope, forUpdate) });
    return record ? WorkloadMapper.toDomain(record) : null;
  }
}
