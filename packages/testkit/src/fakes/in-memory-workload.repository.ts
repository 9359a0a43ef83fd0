import type { Workload, WorkloadRepository } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormWorkloadRepository`. */
export class InMemoryWorkloadRepository implements WorkloadRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(workload: Workload) {
    this.t().workloads.set(workload.id, copy(workload));
  }
  async findById(workspaceId: string, id: string) {
    const w = this.t().workloads.get(id);
    return w && w.workspaceId === workspaceId ? copy(w) : null;
  }
  findByIdForUpdate(workspaceId: string, id: string) {
    return this.findById(workspaceId, id);
  }
  async listByWorkspace(workspaceId: string) {
    return [...this.t().workloads.values()]
      .filter((w) => w.workspaceId === workspaceId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }
}
