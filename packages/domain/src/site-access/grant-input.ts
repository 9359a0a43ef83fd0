import { invalidGrantAction, unknownApp, unknownCollection, unknownSiteRole } from './site-access.errors';
import {
  APP_ACTIONS,
  type AppGrant,
  COLLECTION_ACTIONS,
  type CollectionGrant,
  FILES_ACTIONS,
  type FilesGrant,
  grantKey,
  type SiteGrant,
} from './site-grant';
import type { SiteRole } from './site-role';

/*
 * Grants as clients send them, checked against the workspace: every role in
 * the site-role catalog, every action one the resource takes, every
 * collection and app one the workspace has. The first offender is 422,
 * named by its place in the body (`vault_grants[2].role`).
 */

export interface RoleGrantInput {
  readonly role: string;
  readonly action: string;
}
export interface CollectionGrantInput extends RoleGrantInput {
  readonly collection: string;
}
export interface AppGrantInput extends RoleGrantInput {
  readonly appId: string;
}

/**
 * The roles a PUT may name: every role of the catalog, and in a grant
 * already stored, the role it names. A role that has left the catalog
 * (platform sign-in turned off, a custom role deleted) keeps its stored
 * grants, so a document read and sent back unchanged must be taken back;
 * it is never granted anything new.
 */
export class GrantableRoles {
  private readonly names: ReadonlySet<string>;
  private readonly stored: ReadonlySet<string>;

  constructor(catalog: readonly SiteRole[], stored: readonly SiteGrant[] = []) {
    this.names = new Set(catalog.map((r) => r.name));
    this.stored = new Set(stored.map(grantKey));
  }

  allows(grant: SiteGrant): boolean {
    return this.names.has(grant.role) || this.stored.has(grantKey(grant));
  }
}

function requireRole<G extends SiteGrant>(roles: GrantableRoles, field: string, grant: G): G {
  if (!roles.allows(grant)) throw unknownSiteRole(field, grant.role);
  return grant;
}

function requireAction<A extends string>(allowed: readonly A[], field: string, action: string): A {
  if (!(allowed as readonly string[]).includes(action)) throw invalidGrantAction(field, allowed);
  return action as A;
}

export function requireCollectionGrants(
  list: readonly CollectionGrantInput[],
  roles: GrantableRoles,
  collections: ReadonlySet<string>,
  field: string,
): CollectionGrant[] {
  return list.map((g, i) => {
    const at = `${field}[${i}]`;
    if (!collections.has(g.collection)) throw unknownCollection(`${at}.collection`, g.collection);
    const grant = { resource: 'collection', role: g.role, collection: g.collection, action: g.action };
    requireRole(roles, `${at}.role`, grant as CollectionGrant);
    return {
      ...grant,
      resource: 'collection',
      action: requireAction(COLLECTION_ACTIONS, `${at}.action`, g.action),
    };
  });
}

export function requireFilesGrants(
  list: readonly RoleGrantInput[],
  roles: GrantableRoles,
  field: string,
): FilesGrant[] {
  return list.map((g, i) => {
    const at = `${field}[${i}]`;
    requireRole(roles, `${at}.role`, { resource: 'files', role: g.role, action: g.action } as FilesGrant);
    return {
      resource: 'files',
      role: g.role,
      action: requireAction(FILES_ACTIONS, `${at}.action`, g.action),
    };
  });
}

export function requireAppGrants(
  list: readonly AppGrantInput[],
  roles: GrantableRoles,
  appIds: ReadonlySet<string>,
  field: string,
): AppGrant[] {
  return list.map((g, i) => {
    const at = `${field}[${i}]`;
    if (!appIds.has(g.appId)) throw unknownApp(`${at}.app_id`);
    requireRole(roles, `${at}.role`, {
      resource: 'app',
      role: g.role,
      appId: g.appId,
      action: g.action,
    } as AppGrant);
    return {
      resource: 'app',
      role: g.role,
      appId: g.appId,
      action: requireAction(APP_ACTIONS, `${at}.action`, g.action),
    };
  });
}

/** A collection ACL's `{role, action}` list, for one collection. */
export function requireOneCollectionGrants(
  list: readonly RoleGrantInput[],
  roles: GrantableRoles,
  collection: string,
  field: string,
): CollectionGrant[] {
  return requireCollectionGrants(
    list.map((g) => ({ ...g, collection })),
    roles,
    new Set([collection]),
    field,
  );
}

/** An app access setting's `{role, action}` list, for one app. */
export function requireOneAppGrants(
  list: readonly RoleGrantInput[],
  roles: GrantableRoles,
  appId: string,
  field: string,
): AppGrant[] {
  return requireAppGrants(
    list.map((g) => ({ ...g, appId })),
    roles,
    new Set([appId]),
    field,
  );
}
