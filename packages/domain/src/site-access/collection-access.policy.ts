import type { CollectionAction, SiteGrant } from './site-grant';

/**
 * Whether a site user holding `roles` may do `action` on a collection: only
 * through a grant to one of those roles (spec: Authentication, 9). No role
 * is special here, `admin` included: it may because a new collection grants
 * it, and loses that when its grant is removed.
 */
export function siteRolesMay(
  grants: readonly SiteGrant[],
  roles: readonly string[],
  collection: string,
  action: CollectionAction,
): boolean {
  return grants.some(
    (g) =>
      g.resource === 'collection' &&
      g.collection === collection &&
      g.action === action &&
      roles.includes(g.role),
  );
}
