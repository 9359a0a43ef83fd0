import { COLLECTION_ACTIONS, type CollectionGrant } from '../site-access/site-grant';
import { ADMIN_SITE_ROLE } from '../site-access/site-role';

/**
 * The grant a collection starts with, and falls back to whenever it is left
 * with no site-role grant: `admin` holds read, write and delete (supplement
 * §17; spec: Access, PUT rule 2).
 */
export function adminOnlyGrants(collection: string): CollectionGrant[] {
  return COLLECTION_ACTIONS.map((action) => ({
    resource: 'collection',
    role: ADMIN_SITE_ROLE,
    collection,
    action,
  }));
}

/** `grants`, plus the admin-only grant for each of `collections` that none of them names. */
export function withAdminFallback(
  collections: readonly string[],
  grants: readonly CollectionGrant[],
): CollectionGrant[] {
  const granted = new Set(grants.map((g) => g.collection));
  return [...grants, ...collections.filter((c) => !granted.has(c)).flatMap(adminOnlyGrants)];
}
