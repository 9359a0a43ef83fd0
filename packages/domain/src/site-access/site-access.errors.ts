import { forbidden, invalid } from '../shared/domain-error';

/*
 * Errors of the Access document, the collection ACLs and app access. Every
 * field error names the offending element, so a client can point at it.
 */

/** 403: Access, collection ACLs and app access answer only team members (spec: Access, PUT rule 8). */
export const teamCallerRequired = () =>
  forbidden('caller_kind_not_allowed', 'only team members may read or change site-role access');

/** 422: a grant names a role that is not in the workspace's site-role catalog. */
export const unknownSiteRole = (field: string, role: string) =>
  invalid('unknown_site_role', `${field}: '${role}' is not a site role of this workspace`, [
    { field, message: 'not a site role of this workspace' },
  ]);

/** 422: a grant's action is not one the resource takes. */
export const invalidGrantAction = (field: string, allowed: readonly string[]) =>
  invalid('invalid_grant_action', `${field} must be one of ${allowed.join(', ')}`, [
    { field, message: `must be one of ${allowed.join(', ')}` },
  ]);

/** 422: a vault grant names a collection the workspace does not have. */
export const unknownCollection = (field: string, name: string) =>
  invalid('unknown_collection', `${field}: no data collection named '${name}' in this workspace`, [
    { field, message: 'no such data collection in this workspace' },
  ]);

/** 422: an app grant names no active product app of the workspace. */
export const unknownApp = (field: string) =>
  invalid('unknown_app', `${field} names no active product app of this workspace`, [
    { field, message: 'not an active shell_federated or standalone app of this workspace' },
  ]);

/** 422: app access `visibility` is neither `workspace` nor `restricted`. */
export const invalidVisibility = () =>
  invalid('invalid_visibility', 'visibility must be workspace or restricted', [
    { field: 'visibility', message: 'must be workspace or restricted' },
  ]);
