import type { VirtualKey, VirtualKeyRepository } from '@groundfloor/domain';
import { VirtualKeyMapper } from '../mappers/virtual-key.mapper';
import { VirtualKeySchema } from '../schemas/virtual-key.schema';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormVirtualKeyRepository implements VirtualKeyRepository {
  constructor(private readonly scope: RepositoryScope) {}

  find(workspaceId: string): Promise<VirtualKey | null> {
    return this.load(workspaceId, false);
  }

  findForUpdate(workspaceId: string): Promise<VirtualKey | null> {
    return this.load(workspaceId, true);
  }

  async save(key: VirtualKey): Promise<void> {
    await this.scope.manager().upsert(VirtualKeySchema, VirtualKeyMapper.toRecord(key), ['workspaceId']);
  }

  private async load(workspaceId: string, forUpdate: boolean): Promise<VirtualKey | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope
      .manager()
      .findOne(VirtualKeySchema, { where: { workspaceId }, ...lockFor(this.scope, forUpdate) });
    return record ? VirtualKeyMapper.toDomain(record) : null;
  }
}
