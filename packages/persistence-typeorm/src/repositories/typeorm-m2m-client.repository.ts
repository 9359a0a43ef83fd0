import type { M2mClient, M2mClientRepository } from '@groundfloor/domain';
import { M2mClientMapper } from '../mappers/m2m-client.mapper';
import { M2mClientSchema } from '../schemas/m2m-client.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

export class TypeormM2mClientRepository implements M2mClientRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(client: M2mClient): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(M2mClientSchema, M2mClientMapper.toRecord(client), ['id']),
    );
  }

  async findById(id: string): Promise<M2mClient | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope.manager().findOne(M2mClientSchema, { where: { id } });
    return record ? M2mClientMapper.toDomain(record) : null;
  }

  async listByWorkspace(workspaceId: string): Promise<M2mClient[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .find(M2mClientSchema, { where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(M2mClientMapper.toDomain);
  }

  async countByWorkspace(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    return this.scope.manager().count(M2mClientSchema, { where: { workspaceId } });
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.scope.manager().delete(M2mClientSchema, { id });
  }
}
