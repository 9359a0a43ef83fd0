import { recordAudit } from '../../audit/record';
import { invalid, notFound } from '../../shared/domain-error';
import { requirePasswordPolicy } from '../../shared/text';
import type { Deps } from '../deps';
import { reserveAttempt } from '../rate-limits/reserved-attempt';
import { signInLimits, tooManySignInAttempts } from './sign-in-limits';

const wrongCurrentPassword = () =>
  invalid('invalid_current_password', 'the current password is wrong', [
    { field: 'current_password', message: 'is wrong' },
  ]);

const unchangedPassword = () =>
  invalid('invalid_password', 'new_password must differ from the current password', [
    { field: 'new_password', message: 'must differ from the current password' },
  ]);

/**
 * Self-service password change. Ends every other session; the caller's own
 * session stays and is released from the temporary-password restriction.
 */
export class ChangePassword {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'hasher' | 'rateLimiter'>) {}

  async execute(input: {
    userId: string;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    ip: string | null;
  }): Promise<void> {
    requirePasswordPolicy(input.newPassword, 'new_password');
    const { uow, clock, hasher, rateLimiter } = this.deps;
    const user = await uow.read.users.findById(input.userId);
    if (!user) throw notFound('user_not_found', 'no such user');
    // Wrong current passwords count as sign-in failures of the account's
    // email: a stolen access token must not become a way around the sign-in
    // limit. The attempt is counted before the check, as on sign-in.
    const attempt = await reserveAttempt(
      rateLimiter,
      [signInLimits.perAccount(user.email)],
      tooManySignInAttempts,
    );
    const currentHash = user.passwordHash;
    const matches = await attempt.settle(
      async () => !!currentHash && (await hasher.verify(currentHash, input.currentPassword)),
    );
    if (!matches) throw wrongCurrentPassword();
    // A temporary password "changed" to itself would still be the one someone else chose.
    if (input.newPassword === input.currentPassword) throw unchangedPassword();
    const newHash = await hasher.hash(input.newPassword);
    const now = clock.now();
    await uow.transaction(async (tx) => {
      const current = await tx.users.findByIdForUpdate(user.id);
      if (!current) throw notFound('user_not_found', 'no such user');
      // Checked against the password the row holds now: a change (or a reset
      // link) committed since the check above is not silently overwritten.
      if (current.passwordHash !== currentHash) throw wrongCurrentPassword();
      current.passwordHash = newHash;
      current.passwordChangeRequired = false;
      await tx.users.save(current);
      await tx.sessions.revokeAllForUser(current.id, now, input.sessionId);
      await tx.passwordLinks.cancelActiveForUser(current.id, now);
      const session = await tx.sessions.findByIdForUpdate(input.sessionId);
      if (session?.passwordChangeRequired) {
        session.passwordChangeRequired = false;
        await tx.sessions.save(session);
      }
      await recordAudit(tx, this.deps, { actor: { kind: 'user', id: current.id }, ip: input.ip }, now, {
        action: 'user.password_changed',
        target: { type: 'user', id: current.id },
      });
    });
  }
}
