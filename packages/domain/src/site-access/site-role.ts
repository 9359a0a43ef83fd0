import type { Repositories } from '../ports/repositories.port';

/** App end-user (site) roles every workspace has (spec: What the service does, 2). */
export const BUILTIN_SITE_ROLES = ['viewer', 'user', 'admin'] as const;
export type BuiltinSiteRole = (typeof BUILTIN_SITE_ROLES)[number];

/** An ordinary role for grants (spec: Access, PUT rule 7); only the visibility rule leaves it out. */
export const ADMIN_SITE_ROLE: BuiltinSiteRole = 'admin';

export interface SiteRole {
  readonly name: string;
  readonly builtin: boolean;
}

/**
 * The site roles grants may name in a workspace. Until platform sign-in
 * brings custom app roles, every workspace falls back to the built-ins
 * (spec: Access); the custom roles of a workspace with platform sign-in
 * enabled join the list here, after the built-ins.
 */
export async function siteRoleCatalog(_repos: Repositories, _workspaceId: string): Promise<SiteRole[]> {
  return BUILTIN_SITE_ROLES.map((name) => ({ name, builtin: true }));
}
