import type {
  AppUserView,
  InviteLinkInspection,
  IssuedAppUserLink,
  Tenant,
  TenantMemberView,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Resource, Timestamp, Uuid } from '../openapi/schema';
import { emailOutcomeFields } from './account.mapper';

/* App users, their links, tenants and app-user tokens: allow-lists, never a password hash or token hash. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const AppUserSchema = Resource('AppUser', {
  id: Uuid("the user's `sub`"),
  email: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  enabled: Type.Boolean(),
  email_verified: Type.Boolean(),
  roles: Type.Array(Type.String(), { description: 'app roles' }),
  invite_pending: Type.Boolean({
    description: 'true until the user sets a password (redeem, add, or a temporary password used at sign-in)',
  }),
  ...emailOutcomeFields,
  email_attempted_at: Nullable(
    Timestamp('when the latest invitation, resend, add or reset email was attempted'),
  ),
  password_change_required: Type.Boolean({
    description: 'the user must choose a new password at next sign-in',
  }),
  temporary_password_set_at: Nullable(Timestamp('temporary passwords do not expire')),
  invite_link_expires_at: Nullable(Timestamp('expiry of the unused invitation or one-time link')),
  created_at: Timestamp(),
  last_login_at: Nullable(Timestamp()),
});

export function appUserJson({ user, inviteLinkExpiresAt }: AppUserView): Static<typeof AppUserSchema> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    enabled: user.enabled,
    email_verified: user.emailVerified,
    roles: [...user.roles],
    invite_pending: user.invitePending,
    email_sent: user.lastEmail?.sent ?? null,
    email_skipped_reason: user.lastEmail?.skippedReason ?? null,
    email_attempted_at: iso(user.lastEmail?.attemptedAt ?? null),
    password_change_required: user.passwordChangeRequired,
    temporary_password_set_at: iso(user.temporaryPasswordSetAt),
    invite_link_expires_at: iso(inviteLinkExpiresAt),
    created_at: user.createdAt.toISOString(),
    last_login_at: iso(user.lastLoginAt),
  };
}

export const AppUserListSchema = Resource('AppUserList', {
  users: Type.Array(AppUserSchema),
  first: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer({ description: 'every app user of the workspace' }),
});

const passwordFields = {
  sign_in_url: Type.String({ description: 'where the user signs in' }),
  temporary_password: Nullable(
    Type.String({ description: 'the generated password, answered this once; never stored or emailed' }),
  ),
};
export const AddedAppUserSchema = Resource(
  'AddedAppUser',
  { ...AppUserSchema.properties, ...passwordFields },
  'The user, whether the email went out, where to sign in and (once) a generated password',
);
export const TemporaryPasswordSchema = Resource(
  'AppUserTemporaryPassword',
  {
    ...AppUserSchema.properties,
    sign_in_url: passwordFields.sign_in_url,
    temporary_password: Type.String({
      description: 'answered this once; never stored in the clear or emailed',
    }),
  },
  'The user, where to sign in and the temporary password, answered this once',
);

export const InviteLinkSchema = Resource('InviteLink', {
  url: Type.String({ description: 'the one-time link, its secret after `#`; answered this once' }),
  expires_at: Timestamp(),
});
export const inviteLinkJson = (link: IssuedAppUserLink): Static<typeof InviteLinkSchema> => ({
  url: link.url,
  expires_at: link.expiresAt.toISOString(),
});

export const InviteLinkInspectionSchema = Resource('InviteLinkInspection', {
  workspace_name: Type.String(),
  logo_url: Nullable(Type.String({ description: "the workspace's logo, when it has one" })),
  email_masked: Type.String(),
  expires_at: Timestamp(),
});
export const inviteLinkInspectionJson = (
  i: InviteLinkInspection,
): Static<typeof InviteLinkInspectionSchema> => ({
  workspace_name: i.workspaceName,
  logo_url: i.logoUrl,
  email_masked: i.emailMasked,
  expires_at: i.expiresAt.toISOString(),
});
export const RedeemedInviteLinkSchema = Resource('RedeemedInviteLink', { sign_in_url: Type.String() });

export const AppUserTokenPairSchema = Resource('AppUserTokenPair', {
  access_token: Type.String({ description: 'RS256 JWT, audience `app-user`' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'seconds (300)' }),
  refresh_token: Type.String({ description: 'works once; 30 days' }),
});

export const TenantSchema = Resource('Tenant', {
  id: Uuid(),
  name: Type.String(),
  alias: Nullable(Type.String()),
  domains: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export const tenantJson = (t: Tenant): Static<typeof TenantSchema> => ({
  id: t.id,
  name: t.name,
  alias: t.alias,
  domains: [...t.domains],
  enabled: t.enabled,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});
export const TenantListSchema = Resource('TenantList', { tenants: Type.Array(TenantSchema) });

export const TenantMemberSchema = Resource('TenantMember', {
  tenant_id: Uuid(),
  user: AppUserSchema,
  added_at: Timestamp(),
});
export const tenantMemberJson = (m: TenantMemberView): Static<typeof TenantMemberSchema> => ({
  tenant_id: m.tenantId,
  user: appUserJson(m.user),
  added_at: m.addedAt.toISOString(),
});
export const TenantMemberListSchema = Resource('TenantMemberList', {
  members: Type.Array(TenantMemberSchema),
  first: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export const AddedTenantMemberSchema = Resource(
  'AddedTenantMember',
  {
    ...TenantMemberSchema.properties,
    invited: Type.Boolean({ description: 'a new or still-pending user was sent an invitation' }),
  },
  'The membership, and whether the user was invited',
);

export const PasswordResetAcceptedSchema = Resource('AppUserPasswordResetAccepted', {
  status: Type.Literal('accepted'),
  ...emailOutcomeFields,
});
