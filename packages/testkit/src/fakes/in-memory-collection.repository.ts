import type { CollectionRepository, DataCollection } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const keyOf = (workspaceId: string, name: string) => `${workspaceId}/${name}`;

/** Mirrors `TypeormCollectionRepository`. */
export class InMemoryCollectionRepository implements CollectionRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async insert(collection: DataCollection) {
    const key = keyOf(collection.workspaceId, collection.name);
    if (this.t().collections.has(key)) {
      throw new DomainError('conflict', 'duplicate', 'a data collection with this name already exists');
    }
    this.t().collections.set(key, copy(collection));
  }
  async update(collection: DataCollection) {
    const key = keyOf(collection.workspaceId, collection.name);
    if (this.t().collections.has(key)) this.t().collections.set(key, copy(collection));
  }
  async find(workspaceId: string, name: string) {
    const c = this.t().collections.get(keyOf(workspaceId, name));
    return c ? copy(c) : null;
  }
  findForUpdate(workspaceId: string, name: string) {
    return this.find(workspaceId, name);
  }
  async listByWorkspace(workspaceId: string) {
    return [...this.t().collections.values()]
      .filter((c) => c.workspaceId === workspaceId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(copy);
  }
  async delete(workspaceId: string, name: string) {
    return this.t().collections.delete(keyOf(workspaceId, name));
  }
}
