import type { SsoConnection, SsoConnectionRepository } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormSsoConnectionRepository`. */
export class InMemorySsoConnectionRepository implements SsoConnectionRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(connection: SsoConnection) {
    this.t().ssoConnections.set(connection.id, copy(connection));
  }
  async findById(workspaceId: string, id: string) {
    const c = this.t().ssoConnections.get(id);
    return c && c.workspaceId === workspaceId ? copy(c) : null;
  }
  findByIdForUpdate(workspaceId: string, id: string) {
    return this.findById(workspaceId, id);
  }
  async list(workspaceId: string) {
    return [...this.t().ssoConnections.values()]
      .filter((c) => c.workspaceId === workspaceId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }
  async delete(workspaceId: string, id: string) {
    if (!(await this.findById(workspaceId, id))) return false;
    this.t().ssoConnections.delete(id);
    return true;
  }
  async deleteAll(workspaceId: string) {
    const ids = (await this.list(workspaceId)).map((c) => c.id);
    for (const id of ids) this.t().ssoConnections.delete(id);
    return ids.length;
  }
  async listWithClientSecret(afterId: string | null, limit: number) {
    return [...this.t().ssoConnections.values()]
      .filter((c) => c.clientSecret !== null && (afterId === null || c.id > afterId))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit)
      .map(copy);
  }
}
