import { passwordNotSaved, redeemAttemptsExceeded } from '../../app-user/app-user.errors';
import { setAppUserPassword } from '../../app-user/app-user.policy';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import { recordAudit } from '../../audit/record';
import { DomainError } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { requirePasswordPolicy } from '../../shared/text';
import { signInUrl } from '../../sign-in/sign-in-url';
import type { Deps } from '../deps';
import { reserveAttempt } from '../rate-limits/reserved-attempt';
import { requireRedeemableLink } from './public-invite-links';

/**
 * `POST /v1/public/invite-links/redeem` (no token): sets the password,
 * marks the email verified (the link reached the mailbox), uses the link
 * up and makes every other link of the user unusable; the user's sessions
 * end (a reset link may follow a stolen password).
 *
 * 410 for any unusable link. A password the policy refuses (422) or that
 * could not be saved (502) leaves the link usable but counts as a failed
 * attempt: the sixth failure with one link within 10 minutes is 429
 * (counted atomically, before the attempt is evaluated, as sign-in does).
 */
export class RedeemInviteLink {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'secretTokens' | 'rateLimiter' | 'settings' | 'appUserCredentials'
    >,
  ) {}

  async execute(input: {
    token: string;
    password: string;
    ip: string | null;
  }): Promise<{ signInUrl: string }> {
    const { uow, clock, secretTokens, rateLimiter } = this.deps;
    const tokenHash = secretTokens.hash(input.token);
    const attempt = await reserveAttempt(
      rateLimiter,
      [{ key: `invite-redeem:${tokenHash}`, ...Limits.redeemFailuresPerLink }],
      (_limit, retryAfter) => redeemAttemptsExceeded(retryAfter),
    );
    let failure: DomainError | null = null;
    const outcome = await attempt.settle(async () => {
      const { user } = await requireRedeemableLink(uow.read, tokenHash, clock.now());
      let credential: string;
      try {
        requirePasswordPolicy(input.password);
        credential = await this.deps.appUserCredentials.setPassword(user, input.password, {
          temporary: false,
        });
      } catch (error) {
        failure = asRedeemFailure(error);
        if (failure) return false;
        throw error;
      }
      return this.redeem(tokenHash, credential, input.ip);
    });
    if (outcome === false) throw failure ?? passwordNotSaved();
    return outcome;
  }

  private redeem(tokenHash: string, credential: string, ip: string | null): Promise<{ signInUrl: string }> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { link, user, config, workspace } = await requireRedeemableLink(tx, tokenHash, now, {
        forUpdate: true,
      });
      setAppUserPassword(user, credential, { temporary: false, now });
      user.emailVerified = true;
      await tx.appUsers.save(user);
      link.usedAt = now;
      await tx.appUserLinks.save(link);
      await tx.appUserLinks.cancelActive(workspace.id, user.id, LINKS_CANCELLED_BY.password_set, now);
      await tx.appUserSessions.revokeAllForUser(workspace.id, user.id, now);
      await recordAudit(tx, this.deps, { actor: { kind: 'app_user', id: user.id }, ip }, now, {
        action: 'app_user.password_set',
        organizationId: workspace.organizationId,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: user.id },
        details: { via: link.kind },
      });
      return { signInUrl: signInUrl(this.deps.settings.publicBaseUrl, workspace.id, config, link.appId) };
    });
  }
}

/**
 * A failed attempt that leaves the link usable: the policy refused the
 * password (422 as it is), or the directory could not save it in time or
 * at all (502 `password_not_saved`). Anything else is not a redeem failure.
 */
function asRedeemFailure(error: unknown): DomainError | null {
  if (!(error instanceof DomainError)) return passwordNotSaved();
  if (error.code === 'invalid_password') return error;
  if (error.code === 'password_save_timeout' || error.code === 'password_not_saved')
    return passwordNotSaved();
  return null;
}
