import type { Workspace, WorkspaceStatus } from '@groundfloor/domain';
import type { WorkspaceRecord } from '../schemas/workspace.schema';

export const WorkspaceMapper = {
  toRecord(w: Workspace): WorkspaceRecord {
    return {
      id: w.id,
      organizationId: w.organizationId,
      name: w.name,
      status: w.status,
      createdAt: w.createdAt,
    };
  },
  toDomain(r: WorkspaceRecord): Workspace {
    return {
      id: r.id,
      organizationId: r.organizationId,
      name: r.name,
      status: r.status as WorkspaceStatus,
      createdAt: r.createdAt,
    };
  },
};
