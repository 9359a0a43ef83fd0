import type { Organization, OrganizationRepository } from '@groundfloor/domain';
import { In } from 'typeorm';
import { OrganizationMapper } from '../mappers/organization.mapper';
import { MembershipSchema } from '../schemas/membership.schema';
import { type OrganizationRecord, OrganizationSchema } from '../schemas/organization.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid, onlyUuids } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormOrganizationRepository implements OrganizationRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(organization: Organization): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(OrganizationSchema, OrganizationMapper.toRecord(organization), ['id']),
    );
  }

  findById(id: string): Promise<Organization | null> {
    return this.find(id, false);
  }

  findByIdForUpdate(id: string): Promise<Organization | null> {
    return this.find(id, true);
  }

  async findByIds(ids: readonly string[]): Promise<Organization[]> {
    const wanted = onlyUuids(ids);
    if (wanted.length === 0) return [];
    const records = await this.scope.manager().find(OrganizationSchema, { where: { id: In(wanted) } });
    return records.map(OrganizationMapper.toDomain);
  }

  async list(): Promise<Organization[]> {
    const records = await this.scope
      .manager()
      .find(OrganizationSchema, { order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(OrganizationMapper.toDomain);
  }

  async listForUser(userId: string, now: Date): Promise<Organization[]> {
    if (!isUuid(userId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(OrganizationSchema, 'o')
      .innerJoin(MembershipSchema.options.name, 'm', 'm.scopeId = o.id AND m.scopeType = :account', {
        account: 'account',
      })
      .where('m.userId = :userId', { userId })
      .andWhere('m.status = :accepted', { accepted: 'accepted' })
      .andWhere('(m.expiresAt IS NULL OR m.expiresAt > :now)', { now })
      .orderBy('o.createdAt', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getMany();
    return records.map(OrganizationMapper.toDomain);
  }

  private async find(id: string, forUpdate: boolean): Promise<Organization | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(OrganizationSchema, { where: { id }, ...lockFor<OrganizationRecord>(this.scope, forUpdate) });
    return record ? OrganizationMapper.toDomain(record) : null;
  }
}
