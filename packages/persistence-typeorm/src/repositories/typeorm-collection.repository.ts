import type { CollectionRepository, DataCollection } from '@groundfloor/domain';
import { DataCollectionMapper } from '../mappers/data-collection.mapper';
import { DataCollectionSchema } from '../schemas/data-collection.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormCollectionRepository implements CollectionRepository {
  constructor(private readonly scope: RepositoryScope) {}

  /** A plain INSERT: the primary key turns a name race into `duplicate` instead of a merge. */
  async insert(collection: DataCollection): Promise<void> {
    await translatingConflicts(
      this.scope.manager().insert(DataCollectionSchema, DataCollectionMapper.toRecord(collection)),
    );
  }

  async update(collection: DataCollection): Promise<void> {
    const { workspaceId, name, workloadGrants } = DataCollectionMapper.toRecord(collection);
    await this.scope.manager().update(DataCollectionSchema, { workspaceId, name }, { workloadGrants });
  }

  find(workspaceId: string, name: string): Promise<DataCollection | null> {
    return this.findOne(workspaceId, name, false);
  }

  findForUpdate(workspaceId: string, name: string): Promise<DataCollection | null> {
    return this.findOne(workspaceId, name, true);
  }

  async listByWorkspace(workspaceId: string): Promise<DataCollection[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(DataCollectionSchema, 'c')
      .where('c.workspaceId = :workspaceId', { workspaceId })
      .orderBy('c.name COLLATE "C"', 'ASC')
      .getMany();
    return records.map(DataCollectionMapper.toDomain);
  }

  async delete(workspaceId: string, name: string): Promise<boolean> {
    if (!isUuid(workspaceId)) return false;
    const result = await this.scope.manager().delete(DataCollectionSchema, { workspaceId, name });
    return (result.affected ?? 0) > 0;
  }

  private async findOne(
    workspaceId: string,
    name: string,
    forUpdate: boolean,
  ): Promise<DataCollection | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope
      .manager()
      .findOne(DataCollectionSchema, { where: { workspaceId, name }, ...lockFor(this.scope, forUpdate) });
    return record ? DataCollectionMapper.toDomain(record) : null;
  }
}
