import { appUserNotFound } from '../../app-user/app-user.errors';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { authorizeAppUsers } from './app-user-scope';

/**
 * `DELETE /users/{user_id}` (administer): removes the user with their links,
 * sessions (their tokens stop working at once) and tenant memberships.
 * Allowed on a frozen workspace: it takes access away.
 */
export class DeleteAppUser {
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
      if (!(await tx.appUsers.delete(workspace.id, input.appUserId))) throw appUserNotFound();
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_user.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: input.appUserId },
      });
    });
  }
}
