import type { PasswordLink } from '../../auth/password-link';
import type { Repositories } from '../../ports/repositories.port';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';

export interface IssuedPasswordLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/**
 * Creates a set-password link inside the caller's transaction. A newer link
 * cancels the user's older ones; only the token's hash is stored.
 */
export async function issuePasswordLink(
  deps: Pick<Deps, 'ids' | 'secretTokens' | 'settings'>,
  tx: Repositories,
  userId: string,
  now: Date,
  /** True for a login created by the same writes: it has no older links, and nothing needs a cancel. */
  firstLink = false,
): Promise<IssuedPasswordLink> {
  if (!firstLink) await tx.passwordLinks.cancelActiveForUser(userId, now);
  const token = deps.secretTokens.generate();
  const link: PasswordLink = {
    id: deps.ids.next(),
    userId,
    tokenHash: deps.secretTokens.hash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + Limits.passwordLinkSeconds * 1000),
    usedAt: null,
    cancelledAt: null,
  };
  await tx.passwordLinks.save(link);
  return { url: `${deps.settings.publicBaseUrl}/set-password#token=${token}`, expiresAt: link.expiresAt };
}
