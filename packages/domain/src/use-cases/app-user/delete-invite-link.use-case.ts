import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { authorizeAppUsers, requireAppUser } from './app-user-scope';

/**
 * `DELETE /users/{user_id}/invite-link` (administer): cancels the user's
 * unused one-time link; 204 also when there was none. Emailed invitation
 * links are independent and stay. Allowed while frozen: it takes access away.
 */
export class DeleteInviteLink {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appUserId: string;
    context: RequestContext;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeAppUsers(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const user = await requireAppUser(tx, workspace.id, input.appUserId);
      const cancelled = await tx.appUserLinks.cancelActive(
        workspace.id,
        user.id,
        LINKS_CANCELLED_BY.invite_link_deleted,
        now,
      );
      if (cancelled === 0) return;
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_user.invite_link_deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: user.id },
      });
    });
  }
}
