import type { Repositories } from '../ports/repositories.port';
import { platformSignInActive } from '../sign-in/sign-in-config';

/** App end-user (site) roles every workspace has (spec: What the service does, 2). */
export const BUILTIN_SITE_ROLES = ['viewer', 'user', 'admin'] as const;
export type BuiltinSiteRole = (typeof BUILTIN_SITE_ROLES)[number];

/** An ordinary role for grants (spec: Access, PUT rule 7); only the visibility rule leaves it out. */
export const ADMIN_SITE_ROLE: BuiltinSiteRole = 'admin';

export interface SiteRole {
  readonly name: string;
  readonly builtin: boolean;
}

const isBuiltin = (name: string) => (BUILTIN_SITE_ROLES as readonly string[]).includes(name);

/**
 * The site roles grants may name in a workspace (spec: Access). With
 * platform sign-in active, the workspace's custom app roles join the
 * built-ins (after them, by name); otherwise it falls back to the built-ins
 * `viewer`, `user`, `admin`. Stored rows carrying a built-in's name are
 * changed built-ins, listed once among the built-ins.
 */
export async function siteRoleCatalog(repos: Repositories, workspaceId: string): Promise<SiteRole[]> {
  const builtins = BUILTIN_SITE_ROLES.map((name) => ({ name, builtin: true }));
  const config = await repos.signInConfigs.find(workspaceId);
  if (!platformSignInActive(config)) return builtins;
  const custom = (await repos.appRoles.list(workspaceId)).filter((r) => !isBuiltin(r.name));
  return [...builtins, ...custom.map((r) => ({ name: r.name, builtin: false }))];
}
