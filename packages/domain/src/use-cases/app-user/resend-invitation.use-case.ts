import { appUserCanSignIn } from '../../app-user/app-user';
import { appUserAlreadySignsIn, appUserDisabled } from '../../app-user/app-user.errors';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import { afterResend } from '../../app-user/invite-resend.policy';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { appUserInvitationEmail } from '../../mail/app-user-templates';
import type { Deps } from '../deps';
import { issueAppUserLink } from './app-user-links';
import { deliverAppUserEmail } from './app-user-mail';
import { authorizeAppUsers, requireAppUser } from './app-user-scope';
import { type AppUserView, appUserView } from './app-user-view';

/**
 * `POST /users/{user_id}/resend-invite` (administer; spec, Resend): a new
 * invitation email (its link cancels the older invitation links) for a user
 * with no way to sign in yet. 409 for one who can sign in (or is disabled);
 * 429 within a minute of the last invitation email, or past 5 resends in
 * the 24 hours from the first.
 */
export class ResendInvitation {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings' | 'mailer' | 'kms'
    >,
  ) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appUserId: string;
    context: RequestContext;
  }): Promise<AppUserView> {
    const now = this.deps.clock.now();
    const pending = await this.deps.uow.transaction(async (tx) => {
      const scope = await authorizeAppUsers(tx, input.userId, input.workspaceId, 'administer', now, {
        change: true,
        platform: true,
      });
      const { workspace, organization } = scope;
      const user = await requireAppUser(tx, workspace.id, input.appUserId, { forUpdate: true });
      if (appUserCanSignIn(user)) throw appUserAlreadySignsIn();
      if (!user.enabled) throw appUserDisabled();
      Object.assign(user, afterResend(user, now));
      user.updatedAt = now;
      await tx.appUsers.save(user);
      const link = await issueAppUserLink(this.deps, tx, {
        user,
        config: scope.config,
        kind: 'invitation',
        cancels: LINKS_CANCELLED_BY.invitation_sent,
        appId: user.inviteAppId,
        now,
      });
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_user.invitation_resent',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: user.id },
        details: { resend_count: user.resendCount },
      });
      return {
        user,
        config: scope.config,
        organizationName: organization.name,
        message: appUserInvitationEmail({
          to: user.email,
          workspaceName: workspace.name,
          link: link.url,
          expiresAt: link.expiresAt,
        }),
      };
    });
    const user = await deliverAppUserEmail(this.deps, pending);
    return appUserView(this.deps.uow.read, user, this.deps.clock.now());
  }
}
