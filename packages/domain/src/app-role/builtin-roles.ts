import { BUILTIN_SITE_ROLES, type BuiltinSiteRole } from '../site-access/site-role';
import type { PermissionId } from './permission-catalog';

/**
 * Default permissions of the built-in app roles (spec: `viewer`, `user`,
 * `admin`). An administrator may change a built-in role's permissions and
 * description (PATCH auth-roles): the change is stored as an `AppRole` row
 * with the built-in's name, which then wins over these defaults.
 */
export const BUILTIN_ROLE_DEFAULTS: Readonly<
  Record<BuiltinSiteRole, { readonly description: string; readonly permissions: readonly PermissionId[] }>
> = {
  viewer: {
    description: 'Reads what it is granted',
    permissions: ['vault:read', 'files:read', 'apps:launch', 'flags:read'],
  },
  user: {
    description: 'Reads and changes what it is granted',
    permissions: ['vault:read', 'vault:write', 'files:read', 'files:write', 'apps:launch', 'flags:read'],
  },
  admin: {
    description: "Every permission of the catalog; the workspace's app administrators",
    permissions: [
      'vault:read',
      'vault:write',
      'vault:delete',
      'files:read',
      'files:write',
      'apps:launch',
      'flags:read',
    ],
  },
};

export const isBuiltinRoleName = (name: string): name is BuiltinSiteRole =>
  (BUILTIN_SITE_ROLES as readonly string[]).includes(name);
