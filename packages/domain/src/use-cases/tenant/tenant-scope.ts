import type { Repositories } from '../../ports/repositories.port';
import type { Permission } from '../../roles/permission';
import { platformSignInRequired } from '../../sign-in/sign-in.errors';
import { platformSignInActive, type SignInConfig } from '../../sign-in/sign-in-config';
import { tenantNotFound } from '../../sso/sso.errors';
import type { Tenant } from '../../tenant/tenant';
import { tenantsNeedMultiTenant } from '../../tenant/tenant.errors';
import { type AppUserScope, authorizeAppUsers } from '../app-user/app-user-scope';

/**
 * Spec, Tenants: they require active platform sign-in and
 * `multi_tenant.enabled`; otherwise 409 (`platform_sign_in_required`,
 * then `multi_tenant_disabled`).
 */
export function requireTenancy(config: SignInConfig | null): void {
  if (!platformSignInActive(config)) throw platformSignInRequired('tenants');
  if (!config?.multiTenant.enabled) throw tenantsNeedMultiTenant();
}

/** The tenant of this workspace, or 404 `tenant_not_found`. */
export async function requireTenant(
  repos: Repositories,
  workspaceId: string,
  tenantId: string,
  options: { readonly forUpdate?: boolean } = {},
): Promise<Tenant> {
  const tenant = options.forUpdate
    ? await repos.tenants.findByIdForUpdate(workspaceId, tenantId)
    : await repos.tenants.findById(workspaceId, tenantId);
  if (!tenant) throw tenantNotFound();
  return tenant;
}

/** The permission on the workspace, then tenancy (409s); `change` also refuses a frozen workspace. */
export async function authorizeTenants(
  repos: Repositories,
  userId: string,
  workspaceId: string,
  permission: Permission,
  now: Date,
  options: { readonly change?: boolean } = {},
): Promise<AppUserScope> {
  const scope = await authorizeAppUsers(repos, userId, workspaceId, permission, now, options);
  requireTenancy(scope.config);
  return scope;
}
