import { appUserDisabled } from '../../app-user/app-user.errors';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { appUserResetEmail } from '../../mail/app-user-templates';
import { type EmailOutcome, emailOutcome } from '../../mail/email-outcome';
import type { Deps } from '../deps';
import { issueAppUserLink } from './app-user-links';
import { deliverAppUserEmail } from './app-user-mail';
import { authorizeAppUsers, requireAppUser } from './app-user-scope';

/**
 * `POST /users/{user_id}/reset-password` (administer): emails a
 * set-password link valid 72 hours to the user's address, and only there
 * (docs/security.md); a newer one cancels the older reset links. The
 * current password keeps working until the link is used. 409 for a
 * disabled user, whose link could not be used.
 */
export class ResetAppUserPassword {
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
  }): Promise<EmailOutcome> {
    const now = this.deps.clock.now();
    const pending = await this.deps.uow.transaction(async (tx) => {
      const scope = await authorizeAppUsers(tx, input.userId, input.workspaceId, 'administer', now, {
        change: true,
        platform: true,
      });
      const { workspace, organization } = scope;
      const user = await requireAppUser(tx, workspace.id, input.appUserId);
      if (!user.enabled) throw appUserDisabled();
      const link = await issueAppUserLink(this.deps, tx, {
        user,
        config: scope.config,
        kind: 'reset',
        cancels: LINKS_CANCELLED_BY.reset_sent,
        appId: user.inviteAppId,
        now,
      });
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_user.password_reset_sent',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: user.id },
      });
      return {
        user,
        config: scope.config,
        organizationName: organization.name,
        message: appUserResetEmail({
          to: user.email,
          workspaceName: workspace.name,
          link: link.url,
          expiresAt: link.expiresAt,
        }),
      };
    });
    const user = await deliverAppUserEmail(this.deps, pending);
    const last = user.lastEmail;
    return last
      ? { email_sent: last.sent, email_skipped_reason: last.skippedReason }
      : emailOutcome('not_requested');
  }
}
