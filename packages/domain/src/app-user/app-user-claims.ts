import type { Tenant } from '../tenant/tenant';
import type { AppUser } from './app-user';

/** The audience of app users' access tokens: no other token kind carries it, so none passes for one. */
export const APP_USER_AUDIENCE = 'app-user';
/** The audience of app users' refresh tokens (only the token route takes them). */
export const APP_USER_REFRESH_AUDIENCE = 'app-user-refresh';
/** `azp` when no app was named at sign-in: the workspace's Shell. */
export const SHELL_CLIENT_ID = 'shell';

/**
 * The `organization` claim (supplement §15), shaped like Keycloak's
 * organizations claim: one entry per enabled tenant of the user, keyed by
 * its alias (or its id when it has none).
 */
export function organizationClaim(
  tenants: readonly Pick<Tenant, 'id' | 'name' | 'alias' | 'enabled'>[],
): Record<string, { id: string; name: string }> {
  const claim: Record<string, { id: string; name: string }> = {};
  for (const t of tenants) if (t.enabled) claim[t.alias ?? t.id] = { id: t.id, name: t.name };
  return claim;
}

/**
 * The claims of an app user's access token beyond those the signer sets
 * (`sub` = the user's id, `iss` = the workspace's issuer, `aud`, `iat`,
 * `exp`): spec, Authentication item 7, and supplement §15. `organization`
 * only when multi-tenant is on (`tenants` not null).
 */
export function appUserAccessClaims(args: {
  readonly user: Pick<AppUser, 'id' | 'workspaceId' | 'email' | 'emailVerified' | 'roles'>;
  readonly sessionId: string;
  readonly clientId: string;
  readonly permissions: readonly string[];
  readonly tenants: readonly Pick<Tenant, 'id' | 'name' | 'alias' | 'enabled'>[] | null;
}): Record<string, unknown> {
  const { user } = args;
  return {
    typ: 'access',
    sid: args.sessionId,
    azp: args.clientId,
    realm_access: { roles: [...user.roles] },
    external_tenant_id: user.workspaceId,
    external_user_id: user.id,
    permissions: [...args.permissions],
    email: user.email,
    email_verified: user.emailVerified,
    ...(args.tenants ? { organization: organizationClaim(args.tenants) } : {}),
  };
}
