import type { AppUser, AppUserListQuery, AppUserRepository } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const oldestFirst = (a: AppUser, b: AppUser) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Mirrors `TypeormAppUserRepository`. */
export class InMemoryAppUserRepository implements AppUserRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(user: AppUser) {
    for (const other of this.t().appUsers.values()) {
      if (other.id !== user.id && other.workspaceId === user.workspaceId && other.email === user.email)
        throw new DomainError('conflict', 'duplicate', 'an app user with this email already exists');
    }
    this.t().appUsers.set(user.id, copy(user));
  }
  async findById(workspaceId: string, id: string) {
    const u = this.t().appUsers.get(id);
    return u && u.workspaceId === workspaceId ? copy(u) : null;
  }
  findByIdForUpdate(workspaceId: string, id: string) {
    return this.findById(workspaceId, id);
  }
  async findByEmail(workspaceId: string, email: string) {
    for (const u of this.t().appUsers.values())
      if (u.workspaceId === workspaceId && u.email === email) return copy(u);
    return null;
  }
  findByEmailForUpdate(workspaceId: string, email: string) {
    return this.findByEmail(workspaceId, email);
  }
  async findByIds(workspaceId: string, ids: readonly string[]) {
    const wanted = new Set(ids);
    return [...this.t().appUsers.values()]
      .filter((u) => u.workspaceId === workspaceId && wanted.has(u.id))
      .map(copy);
  }
  async list(query: AppUserListQuery) {
    return [...this.t().appUsers.values()]
      .filter((u) => u.workspaceId === query.workspaceId)
      .sort(oldestFirst)
      .slice(query.first, query.first + query.limit)
      .map(copy);
  }
  async countByWorkspace(workspaceId: string) {
    return [...this.t().appUsers.values()].filter((u) => u.workspaceId === workspaceId).length;
  }
  async delete(workspaceId: string, id: string) {
    const found = await this.findById(workspaceId, id);
    if (!found) return false;
    this.removeUsers(new Set([id]));
    return true;
  }
  async deleteAll(workspaceId: string) {
    const ids = new Set(
      [...this.t().appUsers.values()].filter((u) => u.workspaceId === workspaceId).map((u) => u.id),
    );
    this.removeUsers(ids);
    return ids.size;
  }
  /** The rows that reference a user go with it, as the database's cascades do. */
  private removeUsers(ids: Set<string>) {
    const t = this.t();
    for (const id of ids) t.appUsers.delete(id);
    for (const [key, link] of t.appUserLinks) if (ids.has(link.userId)) t.appUserLinks.delete(key);
    const sessionIds = new Set<string>();
    for (const [key, s] of t.appUserSessions) {
      if (ids.has(s.userId)) {
        sessionIds.add(s.id);
        t.appUserSessions.delete(key);
      }
    }
    for (const [key, r] of t.appUserRefreshTokens)
      if (sessionIds.has(r.sessionId)) t.appUserRefreshTokens.delete(key);
    t.tenantMembers = t.tenantMembers.filter((m) => !ids.has(m.userId));
  }
}
