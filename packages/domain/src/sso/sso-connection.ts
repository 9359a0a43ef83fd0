import type { SealedValue } from '../ports/key-management.port';

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** A single sign-on broker of a workspace's sign-in (spec, SSO connection). */
export interface SsoConnection {
  readonly id: string;
  readonly workspaceId: string;
  readonly protocol: SsoProtocol;
  name: string;
  enabled: boolean;
  /** The protocol's non-secret settings (issuer, client id, metadata URL, …). */
  settings: Record<string, unknown>;
  /** Write-only: sealed, never returned. */
  clientSecret: SealedValue | null;
  /** The tenant this connection signs users into (multi-tenant only). */
  organizationId: string | null;
  readonly createdAt: Date;
  updatedAt: Date;
}
