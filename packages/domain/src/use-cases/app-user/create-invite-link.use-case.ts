import { appUserCanSignIn } from '../../app-user/app-user';
import { appUserAlreadySignsIn, appUserDisabled, inviteLinkLimit } from '../../app-user/app-user.errors';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { type IssuedAppUserLink, issueAppUserLink } from './app-user-links';
import { authorizeAppUsers, requireAppUser } from './app-user-scope';

/**
 * `POST /users/{user_id}/invite-link` (administer; spec, Invite link): a
 * one-time link valid 24 hours for a pending user to choose a password,
 * answered once; only its hash is kept; it cancels the user's previous
 * unused one-time link. 409 for a user who can sign in or is disabled; 429
 * past 10 links per user per hour (counted atomically, only links made).
 */
export class CreateInviteLink {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings' | 'rateLimiter'>,
  ) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appUserId: string;
    context: RequestContext;
  }): Promise<IssuedAppUserLink> {
    const { uow, clock, rateLimiter } = this.deps;
    const checkedAt = clock.now();
    const { workspace } = await authorizeAppUsers(
      uow.read,
      input.userId,
      input.workspaceId,
      'administer',
      checkedAt,
      {
        change: true,
        platform: true,
      },
    );
    const found = await requireAppUser(uow.read, workspace.id, input.appUserId);
    if (appUserCanSignIn(found)) throw appUserAlreadySignsIn();
    if (!found.enabled) throw appUserDisabled();

    const consumed = await rateLimiter.consume({
      key: `invite-link:${workspace.id}:${found.id}`,
      ...Limits.inviteLinksPerUser,
    });
    if (!consumed.allowed) throw inviteLinkLimit(consumed.retryAfterSeconds);
    const now = clock.now();
    try {
      return await uow.transaction(async (tx) => {
        const scope = await authorizeAppUsers(tx, input.userId, input.workspaceId, 'administer', now, {
          change: true,
          platform: true,
        });
        const user = await requireAppUser(tx, workspace.id, found.id, { forUpdate: true });
        if (appUserCanSignIn(user)) throw appUserAlreadySignsIn();
        if (!user.enabled) throw appUserDisabled();
        const link = await issueAppUserLink(this.deps, tx, {
          user,
          config: scope.config,
          kind: 'one_time',
          cancels: LINKS_CANCELLED_BY.invite_link_created,
          appId: user.inviteAppId,
          now,
        });
        await recordAudit(tx, this.deps, input.context, now, {
          action: 'app_user.invite_link_created',
          organizationId: scope.organization.id,
          workspaceId: workspace.id,
          target: { type: 'app_user', id: user.id },
          details: { expires_at: link.expiresAt.toISOString() },
        });
        return link;
      });
    } catch (error) {
      // Only links actually made count toward the limit.
      await rateLimiter.refund(consumed.hit).catch(() => undefined);
      throw error;
    }
  }
}
