import type { AppUser } from '../../app-user/app-user';
import { temporaryPasswordNotAllowed } from '../../app-user/app-user.errors';
import { handOverTemporaryPassword, temporaryPasswordEligibility } from '../../app-user/app-user.policy';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { signInUrl } from '../../sign-in/sign-in-url';
import type { Deps } from '../deps';
import { authorizeAppUsers, requireAppUser } from './app-user-scope';
import { type AppUserView, appUserView } from './app-user-view';
import { generatePassword } from './generated-password';

export interface TemporaryPasswordSet {
  readonly view: AppUserView;
  readonly signInUrl: string;
  /** Answered once; never stored in the clear or emailed. */
  readonly temporaryPassword: string;
}

function requireEligible(user: AppUser): void {
  const eligibility = temporaryPasswordEligibility(user);
  if (eligibility !== 'eligible') throw temporaryPasswordNotAllowed(eligibility);
}

/**
 * `POST /users/{user_id}/temporary-password` (administer; spec, Temporary
 * password): a generated password the user must change at first sign-in,
 * for a user still pending or whose earlier temporary password is unused.
 * No email; the user keeps id and roles; every unused link is cancelled.
 * A pending user stays `invite_pending` until they sign in with it.
 * 409 for a user who chose a password or uses single sign-on; 504 when
 * setting it timed out.
 */
export class SetTemporaryPassword {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings' | 'appUserCredentials'
    >,
  ) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appUserId: string;
    context: RequestContext;
  }): Promise<TemporaryPasswordSet> {
    const { uow, clock } = this.deps;
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
    requireEligible(await requireAppUser(uow.read, workspace.id, input.appUserId));
    const password = generatePassword(this.deps.secretTokens);
    const credential = await this.deps.appUserCredentials.setPassword(
      { workspaceId: workspace.id, id: input.appUserId },
      password,
      { temporary: true },
    );
    const now = clock.now();
    return uow.transaction(async (tx) => {
      const scope = await authorizeAppUsers(tx, input.userId, input.workspaceId, 'administer', now, {
        change: true,
        platform: true,
      });
      const user = await requireAppUser(tx, workspace.id, input.appUserId, { forUpdate: true });
      requireEligible(user);
      handOverTemporaryPassword(user, credential, now);
      await tx.appUsers.save(user);
      await tx.appUserLinks.cancelActive(workspace.id, user.id, LINKS_CANCELLED_BY.password_set, now);
      await tx.appUserSessions.revokeAllForUser(workspace.id, user.id, now);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_user.temporary_password_set',
        organizationId: scope.organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: user.id },
      });
      return {
        view: await appUserView(tx, user, now),
        signInUrl: signInUrl(this.deps.settings.publicBaseUrl, workspace.id, scope.config, user.inviteAppId),
        temporaryPassword: password,
      };
    });
  }
}
