import { resolveAppRoles } from '../../app-role/role-permissions';
import type { AppUser } from '../../app-user/app-user';
import {
  APP_USER_AUDIENCE,
  APP_USER_REFRESH_AUDIENCE,
  appUserAccessClaims,
} from '../../app-user/app-user-claims';
import type { AppUserRefreshToken, AppUserSession } from '../../app-user/app-user-session';
import type { Repositories } from '../../ports/repositories.port';
import { Limits } from '../../shared/limits';
import type { SignInConfig } from '../../sign-in/sign-in-config';
import type { Deps } from '../deps';

/** Supplement §15: what the app-user token route answers. */
export interface AppUserTokenPair {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
}

/**
 * Records a new refresh token for the session and signs both tokens with
 * the workspace's issuer. The claims are computed now, from the user's
 * roles (and the permissions they hold) and, with multi-tenant on, tenants.
 */
export async function issueAppUserTokens(
  deps: Pick<Deps, 'ids' | 'signer'>,
  tx: Repositories,
  args: {
    readonly session: AppUserSession;
    readonly user: AppUser;
    readonly config: SignInConfig & { platform: NonNullable<SignInConfig['platform']> };
    readonly now: Date;
  },
): Promise<AppUserTokenPair> {
  const { session, user, config, now } = args;
  const refresh: AppUserRefreshToken = {
    id: deps.ids.next(),
    sessionId: session.id,
    expiresAt: new Date(now.getTime() + Limits.appUserRefreshTokenSeconds * 1000),
    spentAt: null,
  };
  await tx.appUserSessions.saveRefreshToken(refresh);
  const [{ permissions }, tenants] = await Promise.all([
    resolveAppRoles(tx, user.workspaceId, user.roles),
    config.multiTenant.enabled ? tx.tenants.listTenantsOfUser(user.workspaceId, user.id) : null,
  ]);
  const issuer = config.platform.issuer;
  const [accessToken, refreshToken] = await Promise.all([
    deps.signer.sign(
      appUserAccessClaims({ user, sessionId: session.id, clientId: session.clientId, permissions, tenants }),
      {
        subject: user.id,
        audience: APP_USER_AUDIENCE,
        issuer,
        expiresInSeconds: Limits.appUserAccessTokenSeconds,
      },
    ),
    deps.signer.sign(
      { typ: 'refresh', sid: session.id },
      {
        subject: user.id,
        audience: APP_USER_REFRESH_AUDIENCE,
        issuer,
        expiresInSeconds: Limits.appUserRefreshTokenSeconds,
        jwtid: refresh.id,
      },
    ),
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: Limits.appUserAccessTokenSeconds,
    refresh_token: refreshToken,
  };
}

/** The configuration, when its platform sign-in is active (the only time app users get or use tokens). */
export function activePlatform(
  config: SignInConfig | null,
): (SignInConfig & { platform: NonNullable<SignInConfig['platform']> }) | null {
  return config?.mode === 'platform' && config.platform?.status === 'active'
    ? (config as SignInConfig & { platform: NonNullable<SignInConfig['platform']> })
    : null;
}
