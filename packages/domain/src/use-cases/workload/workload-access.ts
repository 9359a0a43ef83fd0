import type { Repositories } from '../../ports/repositories.port';
import type { Workload } from '../../workload/workload';
import { workloadNotFound } from '../../workload/workload.errors';

/** The workload of this workspace with this id, or 404 `workload_not_found`. */
export async function requireWorkload(
  repos: Repositories,
  workspaceId: string,
  workloadId: string,
  options: { forUpdate?: boolean; field?: string } = {},
): Promise<Workload> {
  const workload = options.forUpdate
    ? await repos.workloads.findByIdForUpdate(workspaceId, workloadId)
    : await repos.workloads.findById(workspaceId, workloadId);
  if (!workload) throw workloadNotFound(options.field);
  return workload;
}
