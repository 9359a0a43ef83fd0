import { recordAudit } from '../../audit/record';
import { invalid, notFound, rateLimited } from '../../shared/domain-error';
import { requirePasswordPolicy } from '../../shared/text';
import type { Deps } from '../deps';
import { signInFailures } from './sign-in.use-case';

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
    // Wrong current passwords count as sign-in failures: a stolen access token
    // must not become a way around the sign-in limit.
    const bucket = signInFailures(user.email);
    const gate = await rateLimiter.check(bucket);
    if (!gate.allowed) {
      throw rateLimited(
        'too_many_sign_in_attempts',
        `more than ${bucket.limit} wrong passwords for this account in ${bucket.windowSeconds / 60} minutes`,
        gate.retryAfterSeconds,
      );
    }
    if (!user.passwordHash || !(await hasher.verify(user.passwordHash, input.currentPassword))) {
      await rateLimiter.hit(bucket);
      throw invalid('invalid_current_password', 'the current password is wrong', [
        { field: 'current_password', message: 'is wrong' },
      ]);
    }
    const newHash = await hasher.hash(input.newPassword);
    const now = clock.now();
    await uow.transaction(async (tx) => {
      const current = await tx.users.findByIdForUpdate(user.id);
      if (!current) throw notFound('user_not_found', 'no such user');
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
