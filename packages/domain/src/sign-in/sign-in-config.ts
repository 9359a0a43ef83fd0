import type { SealedValue } from '../ports/key-management.port';

/** Spec, Workspace sign-in configuration: how the end users of a workspace's apps sign in. */
export const SIGN_IN_MODES = ['none', 'platform', 'external'] as const;
export type SignInMode = (typeof SIGN_IN_MODES)[number];

/**
 * The platform-hosted sign-in block. It exists from the first time the mode
 * became `platform`; leaving that mode keeps it with `status: disabled`
 * (users are not deleted) until `DELETE auth/platform` clears it.
 */
export interface PlatformSignIn {
  status: 'active' | 'disabled';
  /** The directory the workspace's app users live in: stable for the workspace. */
  readonly realm: string;
  /** `iss` of the app users' tokens (supplement §15). */
  readonly issuer: string;
  readonly createdAt: Date;
  disabledAt: Date | null;
}

export type CustomDomainStatus = 'pending' | 'verified';

/**
 * The custom sign-in host (spec, Custom sign-in domain). A pending claim
 * unverified 14 days after `claimedAt` is cleared; requesting verification
 * again issues a new token and restarts that clock.
 */
export interface SignInHost {
  customDomain: string | null;
  customDomainStatus: CustomDomainStatus | null;
  /** The `svc-verify=<token>` TXT value's token; public once published in DNS. */
  verificationToken: string | null;
  claimedAt: Date | null;
  verifiedAt: Date | null;
}

export const CUSTOM_MAIL_PORTS = [25, 465, 587, 2525] as const;
export type CustomMailPort = (typeof CUSTOM_MAIL_PORTS)[number];

/** The workspace's own mail server for sign-in email (spec, Mail block). */
export interface CustomSignInMail {
  readonly mode: 'custom';
  readonly fromDisplayName: string | null;
  readonly fromEmail: string;
  readonly host: string;
  readonly port: CustomMailPort;
  readonly username: string | null;
  /** Write-only: sealed under the key management port, never returned (`password_set`). */
  readonly password: SealedValue | null;
  readonly ssl: boolean;
  readonly starttls: boolean;
}

/** `platform` (default): the platform's no-reply sender and mail server. */
export type SignInMail = { readonly mode: 'platform' } | CustomSignInMail;

/** One workspace's sign-in configuration; a workspace without a row reads as `defaultSignInConfig`. */
export interface SignInConfig {
  readonly workspaceId: string;
  mode: SignInMode;
  platform: PlatformSignIn | null;
  /** Settings of an external identity provider; inner fields are the caller's (spec: not shown). */
  external: Record<string, unknown> | null;
  multiTenant: { enabled: boolean };
  host: SignInHost;
  /** Inner fields: see `branding.ts`; null when never set. */
  branding: Record<string, unknown> | null;
  mail: SignInMail;
  readonly createdAt: Date;
  updatedAt: Date;
}

export const noHost = (): SignInHost => ({
  customDomain: null,
  customDomainStatus: null,
  verificationToken: null,
  claimedAt: null,
  verifiedAt: null,
});

/** What a workspace that never configured sign-in reads as. */
export function defaultSignInConfig(workspaceId: string, now: Date): SignInConfig {
  return {
    workspaceId,
    mode: 'none',
    platform: null,
    external: null,
    multiTenant: { enabled: false },
    host: noHost(),
    branding: null,
    mail: { mode: 'platform' },
    createdAt: now,
    updatedAt: now,
  };
}

/** Platform sign-in is on: mode `platform` with an active block (tenants, app-user tokens). */
export const platformSignInActive = (config: SignInConfig | null): boolean =>
  config !== null && config.mode === 'platform' && config.platform?.status === 'active';
