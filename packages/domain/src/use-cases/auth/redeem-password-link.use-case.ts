import { recordAudit } from '../../audit/record';
import { isUsable } from '../../auth/password-link';
import { requirePasswordPolicy } from '../../shared/text';
import { proveMailbox } from '../../user/account-ownership.policy';
import type { Deps } from '../deps';
import { unusableLink } from './inspect-password-link.use-case';

/**
 * Sets the password through a link and uses the link up. A refused password
 * leaves the link usable. Pending memberships stay pending: the invitee
 * accepts them after signing in.
 */
export class RedeemPasswordLink {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'hasher' | 'secretTokens'>) {}

  async execute(input: { token: string; password: string; ip: string | null }): Promise<{ email: string }> {
    const { uow, clock, hasher, secretTokens } = this.deps;
    const tokenHash = secretTokens.hash(input.token);
    const peek = await uow.read.passwordLinks.findByTokenHash(tokenHash);
    if (!peek || !isUsable(peek, clock.now())) throw unusableLink();
    requirePasswordPolicy(input.password);
    const passwordHash = await hasher.hash(input.password);
    const now = clock.now();
    return uow.transaction(async (tx) => {
      const link = await tx.passwordLinks.findByTokenHashForUpdate(tokenHash);
      if (!link || !isUsable(link, now)) throw unusableLink();
      const user = await tx.users.findByIdForUpdate(link.userId);
      if (!user || user.idpRealm !== null) throw unusableLink();
      user.passwordHash = passwordHash;
      user.passwordChangeRequired = false;
      proveMailbox(user);
      await tx.users.save(user);
      link.usedAt = now;
      await tx.passwordLinks.save(link);
      await tx.passwordLinks.cancelActiveForUser(user.id, now);
      // Whoever held a session before the reset no longer should.
      await tx.sessions.revokeAllForUser(user.id, now);
      await recordAudit(tx, this.deps, { actor: { kind: 'user', id: user.id }, ip: input.ip }, now, {
        action: 'user.password_set',
        target: { type: 'user', id: user.id },
        details: { via: 'password_link' },
      });
      return { email: user.email };
    });
  }
}
