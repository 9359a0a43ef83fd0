import type { Tenant, TenantMember, TenantRepository } from '@groundfloor/domain';
import type { TenantRecord } from '../schemas/tenant.schema';
import { TenantMemberSchema, TenantSchema } from '../schemas/tenant.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

const toDomain = (r: TenantRecord): Tenant => ({
  id: r.id,
  workspaceId: r.workspaceId,
  name: r.name,
  alias: r.alias,
  domains: [...r.domains],
  enabled: r.enabled,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Memberships go with their tenant or user (foreign keys cascade). */
export class TypeormTenantRepository implements TenantRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(tenant: Tenant): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(TenantSchema, { ...tenant, domains: [...tenant.domains] }, ['id']),
    );
  }

  findById(workspaceId: string, id: string): Promise<Tenant | null> {
    return this.findOne(workspaceId, id, false);
  }

  findByIdForUpdate(workspaceId: string, id: string): Promise<Tenant | null> {
    return this.findOne(workspaceId, id, true);
  }

  async list(workspaceId: string): Promise<Tenant[]> {
    if (!isUuid(workspaceId)) return [];
    const records = await this.scope
      .manager()
      .find(TenantSchema, { where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(toDomain);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!isUuid(workspaceId) || !isUuid(id)) return false;
    const result = await this.scope.manager().delete(TenantSchema, { workspaceId, id });
    return (result.affected ?? 0) > 0;
  }

  async addMember(member: TenantMember): Promise<void> {
    await this.scope
      .manager()
      .createQueryBuilder(TenantMemberSchema, 'm')
      .insert()
      .values({ ...member })
      .orIgnore()
      .execute();
  }

  async removeMember(workspaceId: string, tenantId: string, userId: string): Promise<boolean> {
    if (!isUuid(workspaceId) || !isUuid(tenantId) || !isUuid(userId)) return false;
    const result = await this.scope.manager().delete(TenantMemberSchema, { workspaceId, tenantId, userId });
    return (result.affected ?? 0) > 0;
  }

  async listMembers(workspaceId: string, tenantId: string): Promise<TenantMember[]> {
    if (!isUuid(workspaceId) || !isUuid(tenantId)) return [];
    const records = await this.scope.manager().find(TenantMemberSchema, {
      where: { workspaceId, tenantId },
      order: { createdAt: 'ASC', userId: 'ASC' },
    });
    return records.map((r) => ({
      tenantId: r.tenantId,
      workspaceId: r.workspaceId,
      userId: r.userId,
      createdAt: r.createdAt,
    }));
  }

  async listTenantsOfUser(workspaceId: string, userId: string): Promise<Tenant[]> {
    if (!isUuid(workspaceId) || !isUuid(userId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(TenantSchema, 't')
      .where('t.workspaceId = :workspaceId', { workspaceId })
      .andWhere('t.id IN (SELECT m.tenant_id FROM tenant_members m WHERE m.user_id = :userId)', { userId })
      .orderBy('t.createdAt', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .getMany();
    return records.map(toDomain);
  }

  async deleteAll(workspaceId: string): Promise<number> {
    if (!isUuid(workspaceId)) return 0;
    const result = await this.scope.manager().delete(TenantSchema, { workspaceId });
    return result.affected ?? 0;
  }

  private async findOne(workspaceId: string, id: string, forUpdate: boolean): Promise<Tenant | null> {
    if (!isUuid(workspaceId) || !isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(TenantSchema, { where: { workspaceId, id }, ...lockFor(this.scope, forUpdate) });
    return record ? toDomain(record) : null;
  }
}
