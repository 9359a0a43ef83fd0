import type { AppUserLinkKind } from '../app-user/app-user-link';
import type { SignInConfig } from './sign-in-config';

/**
 * Where a workspace's app users sign in (supplement §15): the verified
 * custom sign-in host when there is one, otherwise the platform's page for
 * the workspace. A pending (unverified) host is never used.
 */
export function signInSite(
  publicBaseUrl: string,
  workspaceId: string,
  config: Pick<SignInConfig, 'host'> | null,
): string {
  const host = verifiedSignInHost(config);
  return host ? `https://${host}` : `${publicBaseUrl}/sign-in/${workspaceId}`;
}

/** The workspace's custom sign-in host once verified; null otherwise. */
export function verifiedSignInHost(config: Pick<SignInConfig, 'host'> | null): string | null {
  const host = config?.host;
  return host?.customDomain && host.customDomainStatus === 'verified' ? host.customDomain : null;
}

/**
 * `sign_in_url` (supplement §15): `<PUBLIC_BASE_URL>/sign-in/<workspace_id>`,
 * or `https://<verified custom host>/`, with `?app_id=` when an app was
 * named, so the page opens that app after signing in.
 */
export function signInUrl(
  publicBaseUrl: string,
  workspaceId: string,
  config: Pick<SignInConfig, 'host'> | null,
  appId: string | null = null,
): string {
  const host = verifiedSignInHost(config);
  const base = host ? `https://${host}/` : `${publicBaseUrl}/sign-in/${workspaceId}`;
  return appId ? `${base}?app_id=${encodeURIComponent(appId)}` : base;
}

/**
 * The address an app-user link is opened at: the sign-in site's invite (or
 * password reset) page, the token after `#token=` so it never reaches a
 * server log (supplement §7).
 */
export function appUserLinkUrl(
  publicBaseUrl: string,
  workspaceId: string,
  config: Pick<SignInConfig, 'host'> | null,
  kind: AppUserLinkKind,
  token: string,
): string {
  const page = kind === 'reset' ? 'reset-password' : 'invite';
  return `${signInSite(publicBaseUrl, workspaceId, config)}/${page}#token=${token}`;
}
