import type { AppRole, AppRoleRepository } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const keyOf = (workspaceId: string, name: string) => `${workspaceId}/${name}`;

/** Mirrors `TypeormAppRoleRepository`. */
export class InMemoryAppRoleRepository implements AppRoleRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(role: AppRole) {
    this.t().appRoles.set(keyOf(role.workspaceId, role.name), copy(role));
  }
  async find(workspaceId: string, name: string) {
    const r = this.t().appRoles.get(keyOf(workspaceId, name));
    return r ? copy(r) : null;
  }
  findForUpdate(workspaceId: string, name: string) {
    return this.find(workspaceId, name);
  }
  async list(workspaceId: string) {
    return [...this.t().appRoles.values()]
      .filter((r) => r.workspaceId === workspaceId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(copy);
  }
  async deleteAll(workspaceId: string) {
    let n = 0;
    for (const [key, r] of this.t().appRoles) {
      if (r.workspaceId === workspaceId) {
        this.t().appRoles.delete(key);
        n++;
      }
    }
    return n;
  }
}
