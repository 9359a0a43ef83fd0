import type { AppUser } from '../../app-user/app-user';
import { setAppUserPassword } from '../../app-user/app-user.policy';
import { SHELL_CLIENT_ID } from '../../app-user/app-user-claims';
import type { AppUserSession } from '../../app-user/app-user-session';
import { recordAudit } from '../../audit/record';
import { forbidden, invalid, notFound, unauthenticated } from '../../shared/domain-error';
import { normalizeEmail, requirePasswordPolicy } from '../../shared/text';
import { platformSignInRequired } from '../../sign-in/sign-in.errors';
import { requireSignInApp } from '../app-user/app-user-scope';
import { tooManySignInAttempts } from '../auth/sign-in-limits';
import type { Deps } from '../deps';
import { reserveAttempt } from '../rate-limits/reserved-attempt';
import { appUserSignInLimits } from './app-user-sign-in-limits';
import { type AppUserTokenPair, activePlatform, issueAppUserTokens } from './app-user-tokens';

const invalidCredentials = () => unauthenticated('invalid_credentials', 'the email or password is wrong');

export interface SignInAppUserInput {
  readonly workspaceId: string;
  readonly email: string;
  readonly password: string;
  /** The app signing in (`azp`); `shell` when absent. */
  readonly appId?: string;
  /** Required with a temporary password; otherwise changes the password too. */
  readonly newPassword?: string;
  readonly ip: string | null;
}

/**
 * `POST /v1/public/workspaces/{workspace_id}/token` with email and password
 * (supplement §15). Needs the workspace's platform sign-in active (409
 * otherwise). Wrong credentials, an unknown or a disabled user: 401
 * `invalid_credentials`, alike and in about the same time. The attempt
 * reserves its place in the failure limits before the password is checked
 * (10 failures for one user in 10 minutes: 429), and gives it back when the
 * password is right. A temporary password must come with `new_password`
 * (403 `password_change_required` otherwise); choosing one ends the user's
 * other sessions.
 */
export class SignInAppUser {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'signer' | 'rateLimiter' | 'appUserCredentials'
    >,
  ) {}

  async execute(input: SignInAppUserInput): Promise<AppUserTokenPair> {
    const { uow, clock, rateLimiter, appUserCredentials } = this.deps;
    const workspace = await uow.read.workspaces.findById(input.workspaceId);
    if (!workspace) throw notFound('workspace_not_found', 'no such workspace');
    if (!activePlatform(await uow.read.signInConfigs.find(workspace.id))) {
      throw platformSignInRequired('app-user sign-in');
    }
    const clientId =
      input.appId === undefined
        ? SHELL_CLIENT_ID
        : await requireSignInApp(uow.read, workspace.id, input.appId);
    const email = normalizeEmail(input.email);

    const attempt = await reserveAttempt(
      rateLimiter,
      [appUserSignInLimits.perAddress(input.ip), appUserSignInLimits.perUser(workspace.id, email)],
      tooManySignInAttempts,
    );
    const user = await attempt.settle(async (): Promise<AppUser | false> => {
      const found = await uow.read.appUsers.findByEmail(workspace.id, email);
      const usable = found?.enabled && found.passwordHash !== null ? found : null;
      const matches = await appUserCredentials.verifyPassword(usable?.passwordHash ?? null, input.password);
      return usable && matches ? usable : false;
    });
    if (!user) throw invalidCredentials();

    if (user.passwordChangeRequired && input.newPassword === undefined) {
      throw forbidden('password_change_required', 'this password is temporary: send new_password as well');
    }
    let credential: string | null = null;
    if (input.newPassword !== undefined) {
      requirePasswordPolicy(input.newPassword, 'new_password');
      if (input.newPassword === input.password) {
        throw invalid('invalid_password', 'new_password must differ from the current password', [
          { field: 'new_password', message: 'must differ from the current password' },
        ]);
      }
      credential = await appUserCredentials.setPassword(user, input.newPassword, { temporary: false });
    }

    const now = clock.now();
    return uow.transaction(async (tx) => {
      const current = await tx.appUsers.findByIdForUpdate(workspace.id, user.id);
      const platform = activePlatform(await tx.signInConfigs.find(workspace.id));
      if (!current?.enabled || current.passwordHash !== user.passwordHash) throw invalidCredentials();
      if (!platform) throw platformSignInRequired('app-user sign-in');
      if (credential !== null) {
        setAppUserPassword(current, credential, { temporary: false, now });
        // A new password ends every other sign-in of the user, as for team members.
        await tx.appUserSessions.revokeAllForUser(workspace.id, current.id, now);
      }
      current.lastLoginAt = now;
      await tx.appUsers.save(current);
      const session: AppUserSession = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        userId: current.id,
        clientId,
        createdAt: now,
        revokedAt: null,
      };
      await tx.appUserSessions.save(session);
      await recordAudit(tx, this.deps, { actor: { kind: 'app_user', id: current.id }, ip: input.ip }, now, {
        action: 'app_user.signed_in',
        organizationId: workspace.organizationId,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: current.id },
        details: { session_id: session.id, client_id: clientId, password_changed: credential !== null },
      });
      return issueAppUserTokens(this.deps, tx, { session, user: current, config: platform, now });
    });
  }
}
