/** A workload identity token: good only in its own workspace, on flag reads and the collections its grants open. */
export interface WorkloadPrincipal {
  readonly kind: 'workload';
  readonly workloadId: string;
  readonly workspaceId: string;
}
