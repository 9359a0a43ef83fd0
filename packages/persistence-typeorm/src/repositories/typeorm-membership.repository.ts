import type { Membership, MembershipRepository, ScopeType } from '@groundfloor/domain';
import { MembershipMapper } from '../mappers/membership.mapper';
import { type MembershipRecord, MembershipSchema } from '../schemas/membership.schema';
import { UserSchema } from '../schemas/user.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';
import { upsertRow } from './rows';

export class TypeormMembershipRepository implements MembershipRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(membership: Membership): Promise<void> {
    await translatingConflicts(
      upsertRow(this.scope.manager(), MembershipSchema, MembershipMapper.toRecord(membership), ['id']),
    );
  }

  findById(id: string): Promise<Membership | null> {
    return this.find(id, false);
  }

  findByIdForUpdate(id: string): Promise<Membership | null> {
    return this.find(id, true);
  }

  async findForUserOnScope(
    userId: string,
    scopeType: ScopeType,
    scopeId: string,
  ): Promise<Membership | null> {
    if (!isUuid(userId) || !isUuid(scopeId)) return null;
    const record = await this.scope
      .manager()
      .findOne(MembershipSchema, { where: { userId, scopeType, scopeId } });
    return record ? MembershipMapper.toDomain(record) : null;
  }

  async listForUser(userId: string): Promise<Membership[]> {
    if (!isUuid(userId)) return [];
    const records = await this.scope
      .manager()
      .find(MembershipSchema, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(MembershipMapper.toDomain);
  }

  async listForScope(scopeType: ScopeType, scopeId: string, limit: number): Promise<Membership[]> {
    if (!isUuid(scopeId) || limit <= 0) return [];
    const records = await this.scope.manager().find(MembershipSchema, {
      where: { scopeType, scopeId },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
    return records.map(MembershipMapper.toDomain);
  }

  async listTeamMembersOfScope(scopeType: ScopeType, scopeId: string, limit: number): Promise<Membership[]> {
    if (!isUuid(scopeId) || limit <= 0) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(MembershipSchema, 'm')
      .innerJoin(UserSchema.options.name, 'u', 'u.id = m.userId')
      .where('m.scopeType = :scopeType AND m.scopeId = :scopeId', { scopeType, scopeId })
      .andWhere('u.idpRealm IS NULL')
      .orderBy('m.createdAt', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .limit(limit)
      .getMany();
    return records.map(MembershipMapper.toDomain);
  }

  async listOwnersOfScopeForUpdate(scopeType: ScopeType, scopeId: string): Promise<Membership[]> {
    if (!isUuid(scopeId)) return [];
    const records = await this.scope.manager().find(MembershipSchema, {
      where: { scopeType, scopeId, role: 'owner' },
      order: { id: 'ASC' },
      ...lockFor<MembershipRecord>(this.scope, true),
    });
    return records.map(MembershipMapper.toDomain);
  }

  async listForUserInOrganization(userId: string, organizationId: string): Promise<Membership[]> {
    if (!isUuid(userId) || !isUuid(organizationId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(MembershipSchema, 'm')
      .where('m.userId = :userId', { userId })
      .andWhere(
        `((m.scopeType = :account AND m.scopeId = :organizationId)
          OR (m.scopeType = :workspace AND m.scopeId IN (SELECT w.id FROM workspaces w WHERE w.organization_id = :organizationId)))`,
        { account: 'account', workspace: 'workspace', organizationId },
      )
      .orderBy('m.createdAt', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .getMany();
    return records.map(MembershipMapper.toDomain);
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.scope.manager().delete(MembershipSchema, { id });
  }

  private async find(id: string, forUpdate: boolean): Promise<Membership | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(MembershipSchema, { where: { id }, ...lockFor<MembershipRecord>(this.scope, forUpdate) });
    return record ? MembershipMapper.toDomain(record) : null;
  }
}
