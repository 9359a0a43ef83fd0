import {
  BRANDING_ASSET_KINDS,
  type Branding,
  type BrandingAssetKind,
  brandingAssetUrl,
  brandingOf,
  type HostCheck,
  hostClaimExpiresAt,
  hostVerificationRecord,
  type MailTestResult,
  type PlatformSettings,
  type PublicBranding,
  type PublicSignInMetadata,
  type SignInConfigView,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Closed, Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/*
 * The workspace sign-in configuration as every route answers it. Never a
 * mail password (`password_set` says whether one is stored) and never the
 * sealed value; the host's verification token is public by design (it is
 * published in DNS).
 */

export type SignInSettings = Pick<
  PlatformSettings,
  'publicBaseUrl' | 'customDomainTarget' | 'mailFromAddress'
>;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const Color = Nullable(Type.String({ pattern: '^#[0-9a-f]{6}$', description: '`#rrggbb`' }));

const brandingProperties = {
  display_name: Nullable(Type.String()),
  primary_color: Color,
  background_color: Color,
  text_color: Color,
  logo_url: Nullable(Type.String({ description: 'the public image, or null when none is set' })),
  favicon_url: Nullable(Type.String()),
  login_background_url: Nullable(Type.String()),
};
export const SignInBrandingSchema = Resource(
  'SignInBranding',
  brandingProperties,
  'The branding of sign-in pages',
);

function brandingJson(
  branding: Branding,
  workspaceId: string,
  publicBaseUrl: string,
): Static<typeof SignInBrandingSchema> {
  const url = (kind: BrandingAssetKind) =>
    branding.images[kind] ? brandingAssetUrl(publicBaseUrl, workspaceId, kind) : null;
  return {
    display_name: branding.displayName,
    primary_color: branding.primaryColor,
    background_color: branding.backgroundColor,
    text_color: branding.textColor,
    logo_url: url('logo'),
    favicon_url: url('favicon'),
    login_background_url: url('login_background'),
  };
}

const PlatformMail = Closed(
  {
    mode: Type.Literal('platform'),
    from_email: Type.String({ description: "read-only: the platform's no-reply address" }),
    from_display_name: Type.String({ description: "read-only: the organization's name" }),
  },
  "The platform's sender and mail server",
);
const CustomMail = Closed(
  {
    mode: Type.Literal('custom'),
    from_display_name: Nullable(Type.String()),
    from_email: Type.String(),
    host: Type.String(),
    port: Type.Integer({ enum: [25, 465, 587, 2525] }),
    username: Nullable(Type.String()),
    password_set: Type.Boolean({ description: 'whether a password is stored (it is never returned)' }),
    ssl: Type.Boolean(),
    starttls: Type.Boolean(),
  },
  "The workspace's own mail server",
);

export const SignInConfigSchema = Resource(
  'SignInConfig',
  {
    workspace_id: Uuid(),
    mode: OneOf(['none', 'platform', 'external'] as const),
    platform: Nullable(
      Closed(
        {
          status: OneOf(['active', 'disabled'] as const, '`disabled` after leaving platform mode'),
          realm: Type.String({ description: "the directory of the workspace's app users" }),
          issuer: Type.String({ description: '`iss` of app users’ tokens' }),
          created_at: Timestamp(),
          disabled_at: Nullable(Timestamp()),
        },
        'Platform-hosted sign-in; exists from the first time the mode became `platform` until DELETE auth/platform',
      ),
    ),
    external: Nullable(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "the external provider's settings, as sent",
      }),
    ),
    multi_tenant: Closed({ enabled: Type.Boolean() }),
    host: Closed({
      custom_domain: Nullable(Type.String()),
      custom_domain_status: Nullable(OneOf(['pending', 'verified'] as const)),
      custom_domain_verification: Nullable(
        Closed(
          {
            record_name: Type.String({ description: '`_svc-verify.<your domain>`' }),
            record_value: Type.String({ description: '`svc-verify=<token>`, for a TXT record' }),
            cname_target: Type.String(),
          },
          'the DNS records that prove and route the host',
        ),
      ),
      claimed_at: Nullable(Timestamp('when the claim was made or last renewed')),
      verified_at: Nullable(Timestamp()),
      claim_expires_at: Nullable(Timestamp('when a pending claim is cleared (14 days after `claimed_at`)')),
    }),
    branding: SignInBrandingSchema,
    mail: Type.Union([PlatformMail, CustomMail]),
    cname_target: Type.Optional(Type.String({ description: 'present when a custom sign-in host is set' })),
  },
  "A workspace's sign-in configuration for the end users of its apps",
);

export function signInConfigJson(
  view: SignInConfigView,
  settings: SignInSettings,
): Static<typeof SignInConfigSchema> {
  const { config } = view;
  const { host } = config;
  const record = hostVerificationRecord(host);
  const mail = config.mail;
  return {
    workspace_id: config.workspaceId,
    mode: config.mode,
    platform: config.platform && {
      status: config.platform.status,
      realm: config.platform.realm,
      issuer: config.platform.issuer,
      created_at: config.platform.createdAt.toISOString(),
      disabled_at: iso(config.platform.disabledAt),
    },
    external: config.external,
    multi_tenant: { enabled: config.multiTenant.enabled },
    host: {
      custom_domain: host.customDomain,
      custom_domain_status: host.customDomainStatus,
      custom_domain_verification: record && {
        record_name: record.name,
        record_value: record.value,
        cname_target: settings.customDomainTarget,
      },
      claimed_at: iso(host.claimedAt),
      verified_at: iso(host.verifiedAt),
      claim_expires_at: iso(hostClaimExpiresAt(host)),
    },
    branding: brandingJson(brandingOf(config.branding), config.workspaceId, settings.publicBaseUrl),
    mail:
      mail.mode === 'platform'
        ? { mode: 'platform', from_email: settings.mailFromAddress, from_display_name: view.organizationName }
        : {
            mode: 'custom',
            from_display_name: mail.fromDisplayName,
            from_email: mail.fromEmail,
            host: mail.host,
            port: mail.port,
            username: mail.username,
            password_set: mail.password !== null,
            ssl: mail.ssl,
            starttls: mail.starttls,
          },
    ...(host.customDomain !== null ? { cname_target: settings.customDomainTarget } : {}),
  };
}

export const SignInHostCheckSchema = Resource(
  'SignInHostCheck',
  {
    ...SignInConfigSchema.properties,
    check: Closed({
      verified: Type.Boolean(),
      detail: Type.String({ description: 'what the check found, and what to do next' }),
    }),
  },
  'The configuration after a DNS check of the custom sign-in host',
);
export const signInHostCheckJson = (
  view: SignInConfigView & { check: HostCheck },
  settings: SignInSettings,
): Static<typeof SignInHostCheckSchema> => ({
  ...signInConfigJson(view, settings),
  check: { verified: view.check.verified, detail: view.check.detail },
});

export const MailTestResultSchema = Resource(
  'SignInMailTestResult',
  {
    ok: Type.Boolean(),
    mode: OneOf(['platform', 'custom'] as const),
    sent_to: Type.String({ description: "the caller's own verified account email" }),
    error: Nullable(Type.String({ description: 'why it failed, in a few words; null when ok' })),
  },
  'The outcome of a test email',
);
export const mailTestResultJson = (r: MailTestResult): Static<typeof MailTestResultSchema> => ({
  ok: r.ok,
  mode: r.mode,
  sent_to: r.sentTo,
  error: r.error,
});

export const PublicBrandingSchema = Resource(
  'PublicSignInBranding',
  {
    workspace_id: Uuid(),
    ...brandingProperties,
    display_name: Type.String({ description: "the branding's display name, or the workspace's name" }),
    theme_css_url: Type.String({ description: 'CSS custom properties from the colours' }),
  },
  'What a sign-in page shows',
);
export const publicBrandingJson = (
  b: PublicBranding,
  publicBaseUrl: string,
): Static<typeof PublicBrandingSchema> => ({
  workspace_id: b.workspaceId,
  ...brandingJson(b.branding, b.workspaceId, publicBaseUrl),
  display_name: b.displayName,
  theme_css_url: `${publicBaseUrl}/v1/public/branding/theme.css?workspace_id=${b.workspaceId}`,
});

export const PublicSignInMetadataSchema = Resource(
  'PublicSignInMetadata',
  {
    workspace_id: Uuid(),
    workspace_name: Type.String(),
    mode: OneOf(['none', 'platform', 'external'] as const),
    issuer: Nullable(Type.String({ description: 'while platform sign-in is active' })),
    branding: SignInBrandingSchema,
  },
  'The sign-in of the workspace whose verified custom sign-in host was asked for',
);
export const publicSignInMetadataJson = (
  m: PublicSignInMetadata,
  publicBaseUrl: string,
): Static<typeof PublicSignInMetadataSchema> => ({
  workspace_id: m.workspaceId,
  workspace_name: m.workspaceName,
  mode: m.mode,
  issuer: m.issuer,
  branding: brandingJson(m.branding, m.workspaceId, publicBaseUrl),
});

export const BRANDING_ASSET_KIND_VALUES = BRANDING_ASSET_KINDS;
