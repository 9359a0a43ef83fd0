import type { Flag, FlagRepository } from '@groundfloor/domain';
import { FlagMapper } from '../mappers/flag.mapper';
import { FlagSchema } from '../schemas/flag.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

export class TypeormFlagRepository implements FlagRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(flag: Flag): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(FlagSchema, FlagMapper.toRecord(flag), ['workspaceId', 'key']),
    );
  }

  async find(workspaceId: string, key: string): Promise<Flag | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope.manager().findOne(FlagSchema, { where: { workspaceId, key } });
    return record ? FlagMapper.toDomain(record) : null;
  }

  async listByWorkspace(workspaceId: string): Promise<Flag[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(FlagSchema, 'f')
      .where('f.workspaceId = :workspaceId', { workspaceId })
      .orderBy('f.key COLLATE "C"', 'ASC')
      .getMany();
    return records.map(FlagMapper.toDomain);
  }

  async countByWorkspace(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    return this.scope.manager().count(FlagSchema, { where: { workspaceId } });
  }

  async delete(workspaceId: string, key: string): Promise<boolean> {
    if (!isUuid(workspaceId)) return false;
    const result = await this.scope.manager().delete(FlagSchema, { workspaceId, key });
    return (result.affected ?? 0) > 0;
  }
}
