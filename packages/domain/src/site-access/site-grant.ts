/** What a site role may do on a data collection (spec: Access, vault_grants). */
export const COLLECTION_ACTIONS = ['read', 'write', 'delete'] as const;
export type CollectionAction = (typeof COLLECTION_ACTIONS)[number];

/** What a site role may do on the workspace's files (spec: Access, files_grants). */
export const FILES_ACTIONS = ['read', 'write'] as const;
export type FilesAction = (typeof FILES_ACTIONS)[number];

/** The one app action: launch in the Shell. */
export const APP_ACTIONS = ['read'] as const;
export type AppAction = (typeof APP_ACTIONS)[number];

/**
 * One grant of a site role on a resource of a workspace. The Access
 * document, a collection's ACL and an app's access setting are views of
 * the same set of these.
 */
export type SiteGrant =
  | {
      readonly resource: 'collection';
      readonly role: string;
      readonly collection: string;
      readonly action: CollectionAction;
    }
  | { readonly resource: 'files'; readonly role: string; readonly action: FilesAction }
  | { readonly resource: 'app'; readonly role: string; readonly appId: string; readonly action: AppAction };

export type CollectionGrant = Extract<SiteGrant, { resource: 'collection' }>;
export type FilesGrant = Extract<SiteGrant, { resource: 'files' }>;
export type AppGrant = Extract<SiteGrant, { resource: 'app' }>;

/** Which grants a replace covers: every grant of a resource type, or those of one collection or app. */
export type GrantTarget =
  | { readonly resource: 'collection'; readonly collection?: string }
  | { readonly resource: 'files' }
  | { readonly resource: 'app'; readonly appId?: string };

/** True when the grant is one of those the target covers. */
export function isCoveredBy(grant: SiteGrant, target: GrantTarget): boolean {
  if (grant.resource !== target.resource) return false;
  if (grant.resource === 'collection' && target.resource === 'collection') {
    return target.collection === undefined || grant.collection === target.collection;
  }
  if (grant.resource === 'app' && target.resource === 'app') {
    return target.appId === undefined || grant.appId === target.appId;
  }
  return true;
}

const resourceIdOf = (g: SiteGrant): string =>
  g.resource === 'collection' ? g.collection : g.resource === 'app' ? g.appId : '';

/** One key per distinct grant: a set of grants holds each once. */
export const grantKey = (g: SiteGrant): string =>
  `${g.resource}\u0000${resourceIdOf(g)}\u0000${g.role}\u0000${g.action}`;

/**
 * Each grant once, where it first appears. Grants are saved exactly as sent
 * (spec: Access, PUT rule 1), so every view lists them in the order they
 * were sent, not in an order of its own.
 */
export function distinctGrants<T extends SiteGrant>(grants: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const g of grants) if (!seen.has(grantKey(g))) seen.set(grantKey(g), g);
  return [...seen.values()];
}

/** True when the grant is one of those any of the targets covers. */
export function isCoveredByAny(grant: SiteGrant, targets: readonly GrantTarget[]): boolean {
  return targets.some((target) => isCoveredBy(grant, target));
}
