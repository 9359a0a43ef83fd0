import type { Repositories } from '../ports/repositories.port';
import { BUILTIN_SITE_ROLES } from '../site-access/site-role';
import type { AppRole } from './app-role';
import { BUILTIN_ROLE_DEFAULTS, isBuiltinRoleName } from './builtin-roles';
import { inCatalogOrder, type PermissionId } from './permission-catalog';

/** An app role as the workspace has it now: a built-in (perhaps changed) or a custom one. */
export interface EffectiveAppRole {
  readonly name: string;
  readonly builtin: boolean;
  readonly description: string | null;
  readonly permissions: PermissionId[];
  readonly createdAt: Date | null;
  readonly updatedAt: Date | null;
}

function effective(name: string, stored: AppRole | undefined): EffectiveAppRole {
  const builtin = isBuiltinRoleName(name);
  if (stored)
    return {
      name,
      builtin,
      description: stored.description,
      permissions: inCatalogOrder(stored.permissions),
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    };
  const defaults = BUILTIN_ROLE_DEFAULTS[name as keyof typeof BUILTIN_ROLE_DEFAULTS];
  return {
    name,
    builtin,
    description: defaults?.description ?? null,
    permissions: inCatalogOrder(defaults?.permissions ?? []),
    createdAt: null,
    updatedAt: null,
  };
}

/** Every app role of the workspace: the built-ins first (`viewer`, `user`, `admin`), then custom roles by name. */
export async function listAppRoles(repos: Repositories, workspaceId: string): Promise<EffectiveAppRole[]> {
  const stored = await repos.appRoles.list(workspaceId);
  const byName = new Map(stored.map((r) => [r.name, r]));
  return [
    ...BUILTIN_SITE_ROLES.map((name) => effective(name, byName.get(name))),
    ...stored.filter((r) => !isBuiltinRoleName(r.name)).map((r) => effective(r.name, r)),
  ];
}

/** One role by name (built-in or custom), or null. */
export async function findAppRole(
  repos: Repositories,
  workspaceId: string,
  name: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ role: EffectiveAppRole; stored: AppRole | null } | null> {
  const stored = options.forUpdate
    ? await repos.appRoles.findForUpdate(workspaceId, name)
    : await repos.appRoles.find(workspaceId, name);
  if (!stored && !isBuiltinRoleName(name)) return null;
  return { role: effective(name, stored ?? undefined), stored };
}

export interface ResolvedAppRoles {
  /** The names that are neither built-in nor a custom role of the workspace, each once, in the order given. */
  readonly unknown: string[];
  /** The catalog IDs the known roles hold together, each once, in catalog order. */
  readonly permissions: PermissionId[];
}

/**
 * Checks role names against the workspace's app roles and computes the
 * permissions they hold together: what an app user's token carries
 * (`permissions`, supplement §15) and what a grant of roles validates
 * against (unknown names: 422 at the caller).
 */
export async function resolveAppRoles(
  repos: Repositories,
  workspaceId: string,
  names: readonly string[],
): Promise<ResolvedAppRoles> {
  const roles = new Map((await listAppRoles(repos, workspaceId)).map((r) => [r.name, r]));
  const unknown: string[] = [];
  const held = new Set<string>();
  for (const name of new Set(names)) {
    const role = roles.get(name);
    if (!role) unknown.push(name);
    else for (const p of role.permissions) held.add(p);
  }
  return { unknown, permissions: inCatalogOrder(held) };
}
