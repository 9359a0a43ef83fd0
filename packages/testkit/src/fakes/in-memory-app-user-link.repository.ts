import type { AppUserLink, AppUserLinkKind, AppUserLinkRepository } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormAppUserLinkRepository`. */
export class InMemoryAppUserLinkRepository implements AppUserLinkRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(link: AppUserLink) {
    for (const other of this.t().appUserLinks.values()) {
      if (other.id !== link.id && other.tokenHash === link.tokenHash)
        throw new DomainError('conflict', 'duplicate', 'a link with this token hash already exists');
    }
    this.t().appUserLinks.set(link.id, copy(link));
  }
  async findByTokenHash(tokenHash: string) {
    for (const l of this.t().appUserLinks.values()) if (l.tokenHash === tokenHash) return copy(l);
    return null;
  }
  findByTokenHashForUpdate(tokenHash: string) {
    return this.findByTokenHash(tokenHash);
  }
  async listUsable(workspaceId: string, userId: string, kinds: readonly AppUserLinkKind[], now: Date) {
    return [...this.t().appUserLinks.values()]
      .filter(
        (l) =>
          l.workspaceId === workspaceId &&
          l.userId === userId &&
          kinds.includes(l.kind) &&
          l.usedAt === null &&
          l.cancelledAt === null &&
          l.expiresAt > now,
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map(copy);
  }
  async usableUntil(
    workspaceId: string,
    userIds: readonly string[],
    kinds: readonly AppUserLinkKind[],
    now: Date,
  ) {
    const wanted = new Set(userIds);
    const until = new Map<string, Date>();
    for (const l of this.t().appUserLinks.values()) {
      if (
        l.workspaceId !== workspaceId ||
        !wanted.has(l.userId) ||
        !kinds.includes(l.kind) ||
        l.usedAt !== null ||
        l.cancelledAt !== null ||
        l.expiresAt <= now
      )
        continue;
      const current = until.get(l.userId);
      if (!current || l.expiresAt > current) until.set(l.userId, new Date(l.expiresAt));
    }
    return until;
  }
  async cancelActive(workspaceId: string, userId: string, kinds: readonly AppUserLinkKind[], at: Date) {
    let n = 0;
    for (const l of this.t().appUserLinks.values()) {
      if (
        l.workspaceId === workspaceId &&
        l.userId === userId &&
        kinds.includes(l.kind) &&
        l.usedAt === null &&
        l.cancelledAt === null
      ) {
        l.cancelledAt = at;
        n++;
      }
    }
    return n;
  }
}
