import { EntitySchema } from 'typeorm';

/** A row of `sign_in_configs`: one per workspace that configured sign-in. */
export interface SignInConfigRecord {
  workspaceId: string;
  mode: string;
  platformStatus: string | null;
  platformRealm: string | null;
  platformIssuer: string | null;
  platformCreatedAt: Date | null;
  platformDisabledAt: Date | null;
  /** JSON text, so it reads back exactly as written. */
  externalJson: string | null;
  multiTenantEnabled: boolean;
  hostCustomDomain: string | null;
  hostCustomDomainStatus: string | null;
  hostVerificationToken: string | null;
  hostClaimedAt: Date | null;
  hostVerifiedAt: Date | null;
  brandingJson: string | null;
  /** The mail block as JSON text; a custom password in it only ever sealed. */
  mailJson: string;
  createdAt: Date;
  updatedAt: Date;
}

export const SignInConfigSchema = new EntitySchema<SignInConfigRecord>({
  name: 'SignInConfig',
  tableName: 'sign_in_configs',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    mode: { type: 'text' },
    platformStatus: { type: 'text', name: 'platform_status', nullable: true },
    platformRealm: { type: 'text', name: 'platform_realm', nullable: true },
    platformIssuer: { type: 'text', name: 'platform_issuer', nullable: true },
    platformCreatedAt: { type: 'timestamptz', name: 'platform_created_at', nullable: true },
    platformDisabledAt: { type: 'timestamptz', name: 'platform_disabled_at', nullable: true },
    externalJson: { type: 'text', name: 'external_json', nullable: true },
    multiTenantEnabled: { type: 'boolean', name: 'multi_tenant_enabled' },
    hostCustomDomain: { type: 'text', name: 'host_custom_domain', nullable: true },
    hostCustomDomainStatus: { type: 'text', name: 'host_custom_domain_status', nullable: true },
    hostVerificationToken: { type: 'text', name: 'host_verification_token', nullable: true },
    hostClaimedAt: { type: 'timestamptz', name: 'host_claimed_at', nullable: true },
    hostVerifiedAt: { type: 'timestamptz', name: 'host_verified_at', nullable: true },
    brandingJson: { type: 'text', name: 'branding_json', nullable: true },
    mailJson: { type: 'text', name: 'mail_json' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
