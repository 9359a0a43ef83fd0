import { type AppUserPatch, patchGivesAccess } from '../../app-user/app-user.policy';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { requireNotFrozen } from '../../workspace/workspace';
import type { Deps } from '../deps';
import { authorizeAppUsers, requireAppRoleNames, requireAppUser } from './app-user-scope';
import { type AppUserView, appUserView } from './app-user-view';

/**
 * `PATCH /users/{user_id}` (administer): `enabled` and/or `roles`, the
 * latter a full replacement (unknown roles 422). Disabling ends the user's
 * sessions at once. On a frozen workspace only changes that take access
 * away pass (spec, Frozen workspace: disable, empty roles).
 */
export class UpdateAppUser {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appUserId: string;
    patch: AppUserPatch;
    context: RequestContext;
  }): Promise<AppUserView> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeAppUsers(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const roles =
        input.patch.roles === undefined
          ? undefined
          : await requireAppRoleNames(tx, workspace.id, input.patch.roles);
      const user = await requireAppUser(tx, workspace.id, input.appUserId, { forUpdate: true });
      const patch: AppUserPatch = { enabled: input.patch.enabled, roles };
      if (patchGivesAccess(user, patch)) requireNotFrozen(organization, workspace);

      const details: Record<string, unknown> = {};
      if (patch.enabled !== undefined && patch.enabled !== user.enabled) {
        details.enabled = { from: user.enabled, to: patch.enabled };
        user.enabled = patch.enabled;
        // A disabled user's tokens stop working now, not when they expire.
        if (!user.enabled) await tx.appUserSessions.revokeAllForUser(workspace.id, user.id, now);
      }
      if (roles !== undefined && roles.join('\n') !== user.roles.join('\n')) {
        details.roles = { from: user.roles, to: roles };
        user.roles = roles;
      }
      if (Object.keys(details).length > 0) {
        user.updatedAt = now;
        await tx.appUsers.save(user);
        await recordAudit(tx, this.deps, input.context, now, {
          action: 'app_user.updated',
          organizationId: organization.id,
          workspaceId: workspace.id,
          target: { type: 'app_user', id: user.id },
          details,
        });
      }
      return appUserView(tx, user, now);
    });
  }
}
