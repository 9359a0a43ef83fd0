import { conflict, malformed, notFound } from '../shared/domain-error';

/*
 * Workload errors, including the Apps rows of the spec's Errors table about a
 * primary workload (400 not a service, 404 not in the workspace, 409 archived).
 */

/** 404: no workload with this id in the workspace. */
export const workloadNotFound = (field?: string) =>
  notFound(
    'workload_not_found',
    field ? `${field} names no workload of this workspace` : 'no such workload in this workspace',
  );

/** 409: the workload is archived (primary workload of an app, identity token, grant). */
export const workloadArchived = (field?: string) =>
  conflict('workload_archived', field ? `${field} names an archived workload` : 'the workload is archived');

/** 400: an app's primary workload must be a service, not a job. */
export const workloadNotAService = () =>
  malformed('workload_not_a_service', 'primary_coderunner_id must name a service workload, not a job');
