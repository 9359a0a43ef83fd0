import { Limits } from '../shared/limits';
import { invalidAppRoleDescription, invalidAppRoleName, unknownPermissions } from './app-role.errors';
import { inCatalogOrder, type PermissionId, unknownPermissionIds } from './permission-catalog';

const ROLE_NAME = new RegExp(`^[a-z0-9_-]{1,${Limits.appRoleNameMax}}$`);

/** 1 to 64 lowercase letters, digits, `_` or `-`, exactly as sent (422 otherwise). */
export function requireAppRoleName(name: unknown): string {
  if (typeof name !== 'string' || !ROLE_NAME.test(name)) throw invalidAppRoleName();
  return name;
}

/** Catalog IDs only (422 naming every unknown one); stored each once, in catalog order. */
export function requirePermissionIds(ids: readonly string[]): PermissionId[] {
  const unknown = unknownPermissionIds(ids);
  if (unknown.length > 0) throw unknownPermissions(unknown);
  return inCatalogOrder(ids);
}

/** Trimmed; empty reads as none; at most 255 characters. */
export function requireAppRoleDescription(description: string | null | undefined): string | null {
  if (description == null) return null;
  const trimmed = description.trim();
  if (trimmed.length > Limits.appRoleDescriptionMax) throw invalidAppRoleDescription();
  return trimmed.length === 0 ? null : trimmed;
}
