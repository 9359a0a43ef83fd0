import type { Workload, WorkloadKind, WorkloadStatus } from '@groundfloor/domain';
import type { WorkloadRecord } from '../schemas/workload.schema';

export const WorkloadMapper = {
  toRecord(w: Workload): WorkloadRecord {
    return {
      id: w.id,
      workspaceId: w.workspaceId,
      name: w.name,
      kind: w.kind,
      status: w.status,
      manifestJson: JSON.stringify(w.manifest),
      createdAt: w.createdAt,
      archivedAt: w.archivedAt,
    };
  },
  toDomain(r: WorkloadRecord): Workload {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      name: r.name,
      kind: r.kind as WorkloadKind,
      status: r.status as WorkloadStatus,
      manifest: JSON.parse(r.manifestJson) as Record<string, unknown>,
      createdAt: r.createdAt,
      archivedAt: r.archivedAt,
    };
  },
};
