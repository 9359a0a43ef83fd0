import { invalidGrantAction, unknownApp, unknownCollection, unknownSiteRole } from './site-access.errors';
import {
  APP_ACTIONS,
  type AppGrant,
  COLLECTION_ACTIONS,
  type CollectionGrant,
  FILES_ACTIONS,
  type FilesGrant,
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

function requireRole(catalog: readonly SiteRole[], field: string, role: string): string {
  if (!catalog.some((r) => r.name === role)) throw unknownSiteRole(field, role);
  return role;
}

function requireAction<A extends string>(allowed: readonly A[], field: string, action: string): A {
  if (!(allowed as readonly string[]).includes(action)) throw invalidGrantAction(field, allowed);
  return action as A;
}

export function requireCollectionGrants(
  list: readonly CollectionGrantInput[],
  catalog: readonly SiteRole[],
  collections: ReadonlySet<string>,
  field: string,
): CollectionGrant[] {
  return list.map((g, i) => {
    const at = `${field}[${i}]`;
    if (!collections.has(g.collection)) throw unknownCollection(`${at}.collection`, g.collection);
    return {
      resource: 'collection',
      role: requireRole(catalog, `${at}.role`, g.role),
      collection: g.collection,
      action: requireAction(COLLECTION_ACTIONS, `${at}.action`, g.action),
    };
  });
}

export function requireFilesGrants(
  list: readonly RoleGrantInput[],
  catalog: readonly SiteRole[],
  field: string,
): FilesGrant[] {
  return list.map((g, i) => ({
    resource: 'files',
    role: requireRole(catalog, `${field}[${i}].role`, g.role),
    action: requireAction(FILES_ACTIONS, `${field}[${i}].action`, g.action),
  }));
}

export function requireAppGrants(
  list: readonly AppGrantInput[],
  catalog: readonly SiteRole[],
  appIds: ReadonlySet<string>,
  field: string,
): AppGrant[] {
  return list.map((g, i) => {
    const at = `${field}[${i}]`;
    if (!appIds.has(g.appId)) throw unknownApp(`${at}.app_id`);
    return {
      resource: 'app',
      role: requireRole(catalog, `${at}.role`, g.role),
      appId: g.appId,
      action: requireAction(APP_ACTIONS, `${at}.action`, g.action),
    };
  });
}

/** A collection ACL's or an app's `{role, action}` list, for one collection. */
export function requireOneCollectionGrants(
  list: readonly RoleGrantInput[],
  catalog: readonly SiteRole[],
  collection: string,
  field: string,
): CollectionGrant[] {
  return requireCollectionGrants(
    list.map((g) => ({ ...g, collection })),
    catalog,
    new Set([collection]),
    field,
  );
}

/** An app access setting's `{role, action}` list, for one app. */
export function requireOneAppGrants(
  list: readonly RoleGrantInput[],
  catalog: readonly SiteRole[],
  appId: string,
  field: string,
): AppGrant[] {
  return requireAppGrants(
    list.map((g) => ({ ...g, appId })),
    catalog,
    new Set([appId]),
    field,
  );
}
