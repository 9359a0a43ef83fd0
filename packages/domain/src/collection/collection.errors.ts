import { conflict, forbidden, notFound } from '../shared/domain-error';

/** 404: no data collection with this name in the workspace. */
export const collectionNotFound = () =>
  notFound('collection_not_found', 'no data collection with this name in this workspace');

/** 409: the workspace already has a collection with this name. */
export const collectionNameTaken = (name: string) =>
  conflict('collection_name_taken', `a data collection named '${name}' already exists in this workspace`);

/** 403: a workload token used on a collection its grants do not open. */
export const workloadNotGranted = () =>
  forbidden('workload_not_granted', 'this workload holds no grant allowing that on the collection');
