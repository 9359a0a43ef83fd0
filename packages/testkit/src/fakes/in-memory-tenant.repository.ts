import type { Tenant, TenantMember, TenantRepository } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const oldestFirst = (a: Tenant, b: Tenant) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Mirrors `TypeormTenantRepository`. */
export class InMemoryTenantRepository implements TenantRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(tenant: Tenant) {
    if (tenant.alias !== null) {
      for (const other of this.t().tenants.values()) {
        if (
          other.id !== tenant.id &&
          other.workspaceId === tenant.workspaceId &&
          other.alias === tenant.alias
        )
          throw new DomainError('conflict', 'duplicate', 'a tenant with this alias already exists');
      }
    }
    this.t().tenants.set(tenant.id, copy(tenant));
  }
  async findById(workspaceId: string, id: string) {
    const found = this.t().tenants.get(id);
    return found && found.workspaceId === workspaceId ? copy(found) : null;
  }
  findByIdForUpdate(workspaceId: string, id: string) {
    return this.findById(workspaceId, id);
  }
  async list(workspaceId: string) {
    return [...this.t().tenants.values()]
      .filter((x) => x.workspaceId === workspaceId)
      .sort(oldestFirst)
      .map(copy);
  }
  async delete(workspaceId: string, id: string) {
    if (!(await this.findById(workspaceId, id))) return false;
    this.t().tenants.delete(id);
    this.t().tenantMembers = this.t().tenantMembers.filter((m) => m.tenantId !== id);
    return true;
  }
  async addMember(member: TenantMember) {
    const exists = this.t().tenantMembers.some(
      (m) => m.tenantId === member.tenantId && m.userId === member.userId,
    );
    if (!exists) this.t().tenantMembers.push(copy(member));
  }
  async removeMember(workspaceId: string, tenantId: string, userId: string) {
    const before = this.t().tenantMembers.length;
    this.t().tenantMembers = this.t().tenantMembers.filter(
      (m) => !(m.workspaceId === workspaceId && m.tenantId === tenantId && m.userId === userId),
    );
    return this.t().tenantMembers.length < before;
  }
  async listMembers(workspaceId: string, tenantId: string) {
    return this.t()
      .tenantMembers.filter((m) => m.workspaceId === workspaceId && m.tenantId === tenantId)
      .sort(
        (a, b) =>
          a.createdAt.getTime() - b.createdAt.getTime() ||
          (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
      )
      .map(copy);
  }
  async listTenantsOfUser(workspaceId: string, userId: string) {
    const ids = new Set(
      this.t()
        .tenantMembers.filter((m) => m.workspaceId === workspaceId && m.userId === userId)
        .map((m) => m.tenantId),
    );
    return (await this.list(workspaceId)).filter((x) => ids.has(x.id));
  }
  async deleteAll(workspaceId: string) {
    const ids = new Set((await this.list(workspaceId)).map((x) => x.id));
    for (const id of ids) this.t().tenants.delete(id);
    this.t().tenantMembers = this.t().tenantMembers.filter((m) => !ids.has(m.tenantId));
    return ids.size;
  }
}
