import type { Role } from './role';

export type Permission =
  | 'read'
  | 'write'
  | 'delete'
  | 'ddl'
  | 'administer'
  | 'manage_members'
  | 'view_billing';
export const PERMISSIONS: readonly Permission[] = [
  'read',
  'write',
  'delete',
  'ddl',
  'administer',
  'manage_members',
  'view_billing',
];

/**
 * Supplement §5a, row for row. On a workspace these are the grants of the
 * caller's *effective* role (see effective-role.ts).
 */
export const ORGANIZATION_GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members', 'view_billing'],
  admin: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members', 'view_billing'],
  billing_admin: ['read', 'view_billing'],
  writer: ['read'],
  member: ['read'],
  partner: ['read'],
};

export const WORKSPACE_GRANTS: Readonly<Record<Exclude<Role, 'billing_admin'>, readonly Permission[]>> = {
  owner: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members'],
  admin: ['read', 'write', 'delete', 'ddl', 'administer', 'manage_members'],
  writer: ['read', 'write', 'delete'],
  member: ['read'],
  partner: ['read'],
};
