import { invalid } from '../shared/domain-error';

/** Supplement §12: a service answers requests (apps point at one); a job runs and ends. */
export const WORKLOAD_KINDS = ['service', 'job'] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

export type WorkloadStatus = 'active' | 'archived';

/**
 * A registered code-execution workload ("coderunner") of one workspace.
 * Deleting archives it; archived workloads keep their record, so apps and
 * grants that name them still resolve, but they mint no identity tokens.
 */
export interface Workload {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly kind: WorkloadKind;
  status: WorkloadStatus;
  /** Free JSON the code-execution proxy records ids in. */
  manifest: Record<string, unknown>;
  readonly createdAt: Date;
  archivedAt: Date | null;
}

export function requireWorkloadKind(value: string): WorkloadKind {
  if (!(WORKLOAD_KINDS as readonly string[]).includes(value)) {
    throw invalid('invalid_workload_kind', `kind must be one of ${WORKLOAD_KINDS.join(', ')}`, [
      { field: 'kind', message: `must be one of ${WORKLOAD_KINDS.join(', ')}` },
    ]);
  }
  return value as WorkloadKind;
}
