import type { Environment, EnvironmentStatus } from '@groundfloor/domain';
import type { EnvironmentRecord } from '../schemas/environment.schema';

export const EnvironmentMapper = {
  toRecord(e: Environment): EnvironmentRecord {
    return { id: e.id, workspaceId: e.workspaceId, name: e.name, status: e.status, createdAt: e.createdAt };
  },
  toDomain(r: EnvironmentRecord): Environment {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      name: r.name,
      status: r.status as EnvironmentStatus,
      createdAt: r.createdAt,
    };
  },
};
