import {
  type Environment,
  type Membership,
  type Organization,
  type PendingInvitation,
  type User,
  userStatus,
  type Workspace,
} from '@groundfloor/domain';

/*
 * Response shapes, built from an allow-list of fields so that nothing
 * internal (hashes, overrides, flags) can leak by being added to an entity.
 */

export const organizationJson = (o: Organization) => ({
  id: o.id,
  name: o.name,
  plan_tier: o.planTier,
  status: o.status,
  created_at: o.createdAt.toISOString(),
});

/** The operator also sees the limit overrides. */
export const operatorOrganizationJson = (o: Organization) => ({
  ...organizationJson(o),
  limits: { ...o.limitOverrides },
});

export const workspaceJson = (w: Workspace) => ({
  id: w.id,
  organization_id: w.organizationId,
  name: w.name,
  status: w.status,
  created_at: w.createdAt.toISOString(),
});

export const environmentJson = (e: Environment) => ({
  id: e.id,
  name: e.name,
  status: e.status,
  created_at: e.createdAt.toISOString(),
});

export const myMembershipJson = (m: Membership) => ({
  id: m.id,
  scope_type: m.scopeType,
  scope_id: m.scopeId,
  role: m.role,
  status: m.status,
});

export const meJson = (u: User, memberships: Membership[]) => ({
  id: u.id,
  email: u.email,
  display_name: u.displayName,
  email_verified: u.emailVerified,
  created_at: u.createdAt.toISOString(),
  memberships: memberships.map(myMembershipJson),
});

/** The spec's Membership resource; user fields come from the member's user record. */
export const membershipJson = (m: Membership, user: User | null) => ({
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

/** The single-membership read adds the member's profile. */
export const memberProfileJson = (m: Membership, user: User) => ({
  ...membershipJson(m, user),
  user_status: userStatus(user),
  user_created_at: user.createdAt.toISOString(),
  welcome_email_sent_at: user.welcomeEmailSentAt ? user.welcomeEmailSentAt.toISOString() : null,
  last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
});

/** Spec: Pending invitation (as listed to the invitee). */
export const pendingInvitationJson = (i: PendingInvitation) => ({
  membership_id: i.membershipId,
  scope_type: i.scopeType,
  scope_id: i.scopeId,
  scope_name: i.scopeName,
  role: i.role,
  inviter_name: i.inviterName,
  created_at: i.createdAt.toISOString(),
});
