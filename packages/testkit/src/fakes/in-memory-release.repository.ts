import type { Release, ReleaseRepository } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const newestFirst = (a: Release, b: Release) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Mirrors `TypeormReleaseRepository`; the current-release check stands in for the partial unique index. */
export class InMemoryReleaseRepository implements ReleaseRepository {
  constructor(private readonly t: () => InMemoryTables) {}

  async save(release: Release) {
    if (release.current) {
      for (const other of this.t().releases.values()) {
        if (other.id !== release.id && other.appId === release.appId && other.current) {
          throw new DomainError('conflict', 'duplicate', 'the app already has a current release');
        }
      }
    }
    this.t().releases.set(release.id, copy(release));
  }
  async findById(appId: string, id: string) {
    const r = this.t().releases.get(id);
    return r && r.appId === appId ? copy(r) : null;
  }
  findByIdForUpdate(appId: string, id: string) {
    return this.findById(appId, id);
  }
  async findPublishedById(id: string) {
    const r = this.t().releases.get(id);
    return r && r.status === 'published' ? copy(r) : null;
  }
  async findCurrent(appId: string) {
    for (const r of this.t().releases.values()) if (r.appId === appId && r.current) return copy(r);
    return null;
  }
  async listByApp(appId: string, limit: number) {
    return [...this.t().releases.values()]
      .filter((r) => r.appId === appId)
      .sort(newestFirst)
      .slice(0, limit)
      .map(copy);
  }
  async sumActiveBytes(organizationId: string) {
    const t = this.t();
    const workspaces = new Set(
      [...t.workspaces.values()].filter((w) => w.organizationId === organizationId).map((w) => w.id),
    );
    const apps = new Set(
      [...t.apps.values()]
        .filter((a) => workspaces.has(a.workspaceId) && a.status === 'active')
        .map((a) => a.id),
    );
    let total = 0;
    for (const r of t.releases.values()) if (r.current && apps.has(r.appId)) total += r.publishedBytes ?? 0;
    return total;
  }
}
