import type { VirtualKey, VirtualKeyRepository } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormVirtualKeyRepository`. */
export class InMemoryVirtualKeyRepository implements VirtualKeyRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async find(workspaceId: string) {
    const key = this.t().virtualKeys.get(workspaceId);
    return key ? copy(key) : null;
  }
  findForUpdate(workspaceId: string) {
    return this.find(workspaceId);
  }
  async save(key: VirtualKey) {
    this.t().virtualKeys.set(key.workspaceId, copy(key));
  }
}
