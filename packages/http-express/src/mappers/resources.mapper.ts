import {
  type Environment,
  type EnvironmentStatus,
  type Membership,
  type MembershipStatus,
  type Organization,
  type OrganizationStatus,
  type PendingInvitation,
  PLAN_TIERS,
  type Role,
  type ScopeType,
  type User,
  type UserStatus,
  userStatus,
  type Workspace,
  type WorkspaceStatus,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Dictionary, everyOf, Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/*
 * Response shapes, built from an allow-list of fields so that nothing
 * internal (hashes, overrides, flags) can leak by being added to an entity.
 * Each mapper's return type is its schema's: the two cannot drift apart.
 */

export const ROLES = everyOf<Role>()(['owner', 'admin', 'billing_admin', 'writer', 'member', 'partner']);
export const SCOPE_TYPES = everyOf<ScopeType>()(['account', 'workspace']);
const MEMBERSHIP_STATUSES = everyOf<MembershipStatus>()(['accepted', 'pending']);

export const OrganizationSchema = Resource('Organization', {
  id: Uuid(),
  name: Type.String(),
  plan_tier: OneOf(PLAN_TIERS),
  status: OneOf(everyOf<OrganizationStatus>()(['active', 'suspended'])),
  created_at: Timestamp(),
});
export const organizationJson = (o: Organization): Static<typeof OrganizationSchema> => ({
  id: o.id,
  name: o.name,
  plan_tier: o.planTier,
  status: o.status,
  created_at: o.createdAt.toISOString(),
});

/** The operator also sees the limit overrides. */
export const OperatorOrganizationSchema = Resource(
  'OperatorOrganization',
  {
    ...OrganizationSchema.properties,
    limits: Dictionary(
      Nullable(Type.Integer()),
      'operator overrides of plan limits, by limit key; null: no ceiling',
    ),
  },
  'An organization as the operator sees it: with its limit overrides',
);
export const operatorOrganizationJson = (o: Organization): Static<typeof OperatorOrganizationSchema> => ({
  ...organizationJson(o),
  limits: { ...o.limitOverrides },
});

export const WorkspaceSchema = Resource('Workspace', {
  id: Uuid(),
  organization_id: Uuid(),
  name: Type.String(),
  status: OneOf(everyOf<WorkspaceStatus>()(['active', 'frozen'])),
  created_at: Timestamp(),
});
export const workspaceJson = (w: Workspace): Static<typeof WorkspaceSchema> => ({
  id: w.id,
  organization_id: w.organizationId,
  name: w.name,
  status: w.status,
  created_at: w.createdAt.toISOString(),
});

export const EnvironmentSchema = Resource('Environment', {
  id: Uuid(),
  name: Type.String(),
  status: OneOf(everyOf<EnvironmentStatus>()(['active', 'inactive'])),
  created_at: Timestamp(),
});
export const environmentJson = (e: Environment): Static<typeof EnvironmentSchema> => ({
  id: e.id,
  name: e.name,
  status: e.status,
  created_at: e.createdAt.toISOString(),
});

export const MyMembershipSchema = Resource('MyMembership', {
  id: Uuid(),
  scope_type: OneOf(SCOPE_TYPES),
  scope_id: Uuid(),
  role: OneOf(ROLES),
  status: OneOf(MEMBERSHIP_STATUSES),
});
export const myMembershipJson = (m: Membership): Static<typeof MyMembershipSchema> => ({
  id: m.id,
  scope_type: m.scopeType,
  scope_id: m.scopeId,
  role: m.role,
  status: m.status,
});

export const MeSchema = Resource('Me', {
  id: Uuid(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  email_verified: Type.Boolean(),
  created_at: Timestamp(),
  memberships: Type.Array(MyMembershipSchema),
});
export const meJson = (u: User, memberships: Membership[]): Static<typeof MeSchema> => ({
  id: u.id,
  email: u.email,
  display_name: u.displayName,
  email_verified: u.emailVerified,
  created_at: u.createdAt.toISOString(),
  memberships: memberships.map(myMembershipJson),
});

export const MembershipSchema = Resource('Membership', {
  id: Uuid(),
  user_id: Uuid(),
  scope_type: OneOf(SCOPE_TYPES),
  scope_id: Uuid(),
  role: OneOf(ROLES),
  status: OneOf(MEMBERSHIP_STATUSES),
  user_email: Nullable(Type.String()),
  user_display_name: Nullable(Type.String({ description: 'the display name, else the email' })),
  created_at: Timestamp(),
  expires_at: Nullable(Timestamp()),
  user_idp_realm: Nullable(Type.String()),
});
/** The spec's Membership resource; user fields come from the member's user record. */
export const membershipJson = (m: Membership, user: User | null): Static<typeof MembershipSchema> => ({
  id: m.id,
  user_id: m.userId,
  scope_type: m.scopeType,
  scope_id: m.scopeId,
  role: m.role,
  status: m.status,
  user_email: user?.email ?? null,
  // The spec types it as a string (never null): without a display name, the email stands in.
  user_display_name: user ? (user.displayName ?? user.email) : null,
  created_at: m.createdAt.toISOString(),
  expires_at: m.expiresAt ? m.expiresAt.toISOString() : null,
  user_idp_realm: user?.idpRealm ?? null,
});

export const MemberProfileSchema = Resource(
  'MemberProfile',
  {
    ...MembershipSchema.properties,
    user_status: OneOf(everyOf<UserStatus>()(['active', 'invited'])),
    user_created_at: Timestamp(),
    welcome_email_sent_at: Nullable(Timestamp()),
    last_login_at: Nullable(Timestamp()),
  },
  "A membership with the member's profile",
);
/** The single-membership read adds the member's profile. */
export const memberProfileJson = (m: Membership, user: User): Static<typeof MemberProfileSchema> => ({
  ...membershipJson(m, user),
  user_status: userStatus(user),
  user_created_at: user.createdAt.toISOString(),
  welcome_email_sent_at: user.welcomeEmailSentAt ? user.welcomeEmailSentAt.toISOString() : null,
  last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
});

export const PendingInvitationSchema = Resource('PendingInvitation', {
  membership_id: Uuid(),
  scope_type: OneOf(SCOPE_TYPES),
  scope_id: Uuid(),
  scope_name: Nullable(Type.String({ description: 'null if the scope no longer exists' })),
  role: OneOf(ROLES),
  inviter_name: Nullable(Type.String({ description: 'null when nobody invited (operator bootstrap)' })),
  created_at: Timestamp(),
});
/** Spec: Pending invitation (as listed to the invitee). */
export const pendingInvitationJson = (i: PendingInvitation): Static<typeof PendingInvitationSchema> => ({
  membership_id: i.membershipId,
  scope_type: i.scopeType,
  scope_id: i.scopeId,
  scope_name: i.scopeName,
  role: i.role,
  inviter_name: i.inviterName,
  created_at: i.createdAt.toISOString(),
});
