import { type AppUser, appUserCanSignIn, newAppUser } from '../../app-user/app-user';
import { appUserAlreadySignsIn, appUserDisabled } from '../../app-user/app-user.errors';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import { afterResend } from '../../app-user/invite-resend.policy';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { appUserInvitationEmail } from '../../mail/app-user-templates';
import type { Repositories } from '../../ports/repositories.port';
import type { Tenant } from '../../tenant/tenant';
import type { Deps } from '../deps';
import { issueAppUserLink } from './app-user-links';
import { notRequested, type PendingAppUserEmail } from './app-user-mail';
import { type AppUserScope, DEFAULT_APP_USER_ROLES, findAppUserByEmailLocked } from './app-user-scope';

/** What an invitation asks for; everything already checked against the workspace. */
export interface InvitationRequest {
  readonly email: string;
  /** Null: a new user gets the default role, a pending one keeps theirs. */
  readonly roles: string[] | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly sendEmail: boolean;
  readonly tenant: Tenant | null;
  readonly appId: string | null;
}

export interface Invitation {
  readonly user: AppUser;
  readonly created: boolean;
  /** Null when `send_email` was false. */
  readonly email: PendingAppUserEmail | null;
}

/**
 * Spec, Invite, inside the caller's transaction: someone who can already
 * sign in is 409 and nothing is sent; a still-pending user is invited again,
 * which counts as a resend (its limits apply, 429); a new email becomes a
 * pending user. The email carries a set-password link valid 72 hours that
 * cancels the user's older invitation links (one-time links are independent).
 */
export async function invite(
  deps: Pick<Deps, 'ids' | 'secretTokens' | 'settings'>,
  tx: Repositories,
  scope: AppUserScope,
  request: InvitationRequest,
  now: Date,
  context: RequestContext,
): Promise<Invitation> {
  const { workspace } = scope;
  const existing = await findAppUserByEmailLocked(tx, workspace.id, request.email);
  if (existing && appUserCanSignIn(existing)) throw appUserAlreadySignsIn();
  if (existing && !existing.enabled) throw appUserDisabled();

  const user =
    existing ??
    newAppUser({
      id: deps.ids.next(),
      workspaceId: workspace.id,
      email: request.email,
      now,
      roles: request.roles ?? DEFAULT_APP_USER_ROLES,
    });
  if (existing) {
    // Spec, Invite: inviting a still-pending user counts as a resend, with
    // its limits (429), whether or not this one sends an email.
    Object.assign(user, afterResend(user, now));
    if (request.roles) user.roles = request.roles;
  } else if (request.sendEmail) {
    user.lastInvitationSentAt = now;
  }
  if (request.firstName !== null) user.firstName = request.firstName;
  if (request.lastName !== null) user.lastName = request.lastName;
  if (request.appId !== null) user.inviteAppId = request.appId;
  if (!request.sendEmail) notRequested(user);
  user.updatedAt = now;
  await tx.appUsers.save(user);
  if (request.tenant) {
    await tx.tenants.addMember({
      tenantId: request.tenant.id,
      workspaceId: workspace.id,
      userId: user.id,
      createdAt: now,
    });
  }

  let email: PendingAppUserEmail | null = null;
  if (request.sendEmail) {
    const link = await issueAppUserLink(deps, tx, {
      user,
      config: scope.config,
      kind: 'invitation',
      cancels: LINKS_CANCELLED_BY.invitation_sent,
      appId: user.inviteAppId,
      now,
    });
    email = {
      user,
      config: scope.config,
      organizationName: scope.organization.name,
      message: appUserInvitationEmail({
        to: user.email,
        workspaceName: workspace.name,
        link: link.url,
        expiresAt: link.expiresAt,
      }),
    };
  }
  await recordAudit(tx, deps, context, now, {
    action: existing && request.sendEmail ? 'app_user.invitation_resent' : 'app_user.invited',
    organizationId: scope.organization.id,
    workspaceId: workspace.id,
    target: { type: 'app_user', id: user.id },
    details: {
      roles: user.roles,
      send_email: request.sendEmail,
      ...(request.tenant ? { tenant_id: request.tenant.id } : {}),
      ...(request.appId ? { app_id: request.appId } : {}),
      ...(existing ? { resend_count: user.resendCount } : {}),
    },
  });
  return { user, created: existing === null, email };
}
