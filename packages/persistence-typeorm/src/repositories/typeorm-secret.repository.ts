import type { SealedValue, Secret, SecretRepository } from '@groundfloor/domain';
import { In, IsNull, MoreThan, Not } from 'typeorm';
import { SecretMapper } from '../mappers/secret.mapper';
import { SecretSchema } from '../schemas/secret.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormSecretRepository implements SecretRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(secret: Secret): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(SecretSchema, SecretMapper.toRecord(secret), ['id']),
    );
  }

  find(workspaceId: string, environmentId: string | null, key: string): Promise<Secret | null> {
    return this.findOne(workspaceId, environmentId, key, false);
  }

  findForUpdate(workspaceId: string, environmentId: string | null, key: string): Promise<Secret | null> {
    return this.findOne(workspaceId, environmentId, key, true);
  }

  async listSet(workspaceId: string, environmentId: string | null): Promise<Secret[]> {
    if (!isUuid(workspaceId) || (environmentId !== null && !isUuid(environmentId))) return [];
    const query = this.scope
      .manager()
      .createQueryBuilder(SecretSchema, 's')
      .where('s.workspaceId = :workspaceId', { workspaceId });
    if (environmentId === null) query.andWhere('s.environmentId IS NULL');
    else query.andWhere('s.environmentId = :environmentId', { environmentId });
    // Byte order, as the in-memory fake sorts: independent of the database's collation.
    const records = await query.orderBy('s.key COLLATE "C"', 'ASC').getMany();
    return records.map(SecretMapper.toDomain);
  }

  async countSet(
    workspaceId: string,
    environmentId: string | null,
    leavingOut: readonly string[],
  ): Promise<number> {
    if (!isUuid(workspaceId) || (environmentId !== null && !isUuid(environmentId))) return 0;
    return this.scope.manager().count(SecretSchema, {
      where: {
        workspaceId,
        environmentId: environmentId ?? IsNull(),
        ...(leavingOut.length > 0 ? { key: Not(In([...leavingOut])) } : {}),
      },
    });
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.scope.manager().delete(SecretSchema, { id });
  }

  countAll(): Promise<number> {
    return this.scope.manager().count(SecretSchema);
  }

  async listBatch(afterId: string | null, limit: number): Promise<Secret[]> {
    const records = await this.scope.manager().find(SecretSchema, {
      where: afterId === null ? {} : { id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
    return records.map(SecretMapper.toDomain);
  }

  async replaceSealed(id: string, sealed: SealedValue): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.scope.manager().update(SecretSchema, { id }, { sealed: { ...sealed } });
    return (result.affected ?? 0) > 0;
  }

  private async findOne(
    workspaceId: string,
    environmentId: string | null,
    key: string,
    forUpdate: boolean,
  ): Promise<Secret | null> {
    if (!isUuid(workspaceId) || (environmentId !== null && !isUuid(environmentId))) return null;
    const record = await this.scope.manager().findOne(SecretSchema, {
      where: { workspaceId, environmentId: environmentId ?? IsNull(), key },
      ...lockFor(this.scope, forUpdate),
    });
    return record ? SecretMapper.toDomain(record) : null;
  }
}
