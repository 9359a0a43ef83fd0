import type { CatalogPermission, EffectiveAppRole } from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Resource, Timestamp } from '../openapi/schema';

export const CatalogPermissionSchema = Resource('CatalogPermission', {
  id: Type.String({ description: 'e.g. `vault:read`' }),
  description: Type.String(),
});
export const PermissionCatalogSchema = Resource(
  'PermissionCatalog',
  { permissions: Type.Array(CatalogPermissionSchema) },
  'The permission IDs app roles may hold; they appear on app users’ tokens',
);
export const permissionJson = (p: CatalogPermission): Static<typeof CatalogPermissionSchema> => ({
  id: p.id,
  description: p.description,
});

export const AppRoleSchema = Resource('AppRole', {
  name: Type.String(),
  builtin: Type.Boolean({ description: '`viewer`, `user` and `admin`: cannot be created or renamed' }),
  description: Nullable(Type.String()),
  permissions: Type.Array(Type.String(), { description: 'catalog IDs, in catalog order' }),
  created_at: Nullable(Timestamp('null for a built-in never changed')),
  updated_at: Nullable(Timestamp()),
});
export const AppRoleListSchema = Resource('AppRoleList', { roles: Type.Array(AppRoleSchema) });
export const appRoleJson = (r: EffectiveAppRole): Static<typeof AppRoleSchema> => ({
  name: r.name,
  builtin: r.builtin,
  description: r.description,
  permissions: [...r.permissions],
  created_at: r.createdAt === null ? null : r.createdAt.toISOString(),
  updated_at: r.updatedAt === null ? null : r.updatedAt.toISOString(),
});
