import type { SsoConnection, SsoConnectionRepository } from '@groundfloor/domain';
import { SsoConnectionMapper } from '../mappers/sso-connection.mapper';
import { SsoConnectionSchema } from '../schemas/sso-connection.schema';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormSsoConnectionRepository implements SsoConnectionRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(connection: SsoConnection): Promise<void> {
    await this.scope.manager().upsert(SsoConnectionSchema, SsoConnectionMapper.toRecord(connection), ['id']);
  }

  findById(workspaceId: string, id: string): Promise<SsoConnection | null> {
    return this.findOne(workspaceId, id, false);
  }

  findByIdForUpdate(workspaceId: string, id: string): Promise<SsoConnection | null> {
    return this.findOne(workspaceId, id, true);
  }

  async list(workspaceId: string): Promise<SsoConnection[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .find(SsoConnectionSchema, { where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(SsoConnectionMapper.toDomain);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!isUuid(workspaceId) || !isUuid(id)) return false;
    const result = await this.scope.manager().delete(SsoConnectionSchema, { workspaceId, id });
    return (result.affected ?? 0) > 0;
  }

  async deleteAll(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    const result = await this.scope.manager().delete(SsoConnectionSchema, { workspaceId });
    return result.affected ?? 0;
  }

  async listWithClientSecret(afterId: string | null, limit: number): Promise<SsoConnection[]> {
    const query = this.scope
      .manager()
      .createQueryBuilder(SsoConnectionSchema, 'c')
      .where('c.clientSecret IS NOT NULL')
      .orderBy('c.id', 'ASC')
      .limit(limit);
    if (afterId !== null) query.andWhere('c.id > :after', { after: afterId });
    return (await query.getMany()).map(SsoConnectionMapper.toDomain);
  }

  private async findOne(workspaceId: string, id: string, forUpdate: boolean): Promise<SsoConnection | null> {
    if (!isUuid(workspaceId) || !isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(SsoConnectionSchema, { where: { workspaceId, id }, ...lockFor(this.scope, forUpdate) });
    return record ? SsoConnectionMapper.toDomain(record) : null;
  }
}
