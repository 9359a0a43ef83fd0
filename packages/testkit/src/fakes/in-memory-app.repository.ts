import type { App, AppListQuery, AppRepository } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormAppRepository`; the slug check stands in for the unique index. */
export class InMemoryAppRepository implements AppRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(app: App) {
    for (const other of this.t().apps.values()) {
      if (other.id !== app.id && other.workspaceId === app.workspaceId && other.slug === app.slug) {
        throw new DomainError(
          'conflict',
          'duplicate',
          'an app with this slug already exists in the workspace',
        );
      }
    }
    this.t().apps.set(app.id, copy(app));
  }
  async findById(workspaceId: string, id: string) {
    const a = this.t().apps.get(id);
    return a && a.workspaceId === workspaceId ? copy(a) : null;
  }
  findByIdForUpdate(workspaceId: string, id: string) {
    return this.findById(workspaceId, id);
  }
  async findBySlug(workspaceId: string, slug: string) {
    for (const a of this.t().apps.values()) {
      if (a.workspaceId === workspaceId && a.slug === slug) return copy(a);
    }
    return null;
  }
  async list(query: AppListQuery) {
    return [...this.t().apps.values()]
      .filter(
        (a) =>
          a.workspaceId === query.workspaceId &&
          query.kinds.includes(a.kind) &&
          (query.includeArchived || a.status === 'active') &&
          (query.environmentId === undefined || a.environmentId === query.environmentId),
      )
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .slice(0, query.limit)
      .map(copy);
  }
}
