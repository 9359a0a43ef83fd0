import type { CollectionAction } from '../site-access/site-grant';

/** A grant of a workload (not a site role) on a collection, kept by the collection itself. */
export interface WorkloadGrant {
  readonly workloadId: string;
  readonly action: CollectionAction;
}

/**
 * A data collection of a workspace (supplement §17), named in the URL. Its
 * site-role grants are site grants (site-access/); its workload grants are
 * part of it, so replacing the site-role grants never touches them.
 */
export interface DataCollection {
  readonly workspaceId: string;
  readonly name: string;
  readonly createdAt: Date;
  workloadGrants: WorkloadGrant[];
}
