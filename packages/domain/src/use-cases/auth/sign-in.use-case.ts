import { recordAudit } from '../../audit/record';
import type { Session } from '../../auth/session';
import type { RateLimit } from '../../ports/rate-limiter.port';
import { rateLimited, unauthenticated } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { normalizeEmail } from '../../shared/text';
import type { Deps } from '../deps';
import { issueTokenPair, type TokenPair } from './token-pair';

export const signInFailures = (email: string): RateLimit => ({
  key: `signin:${email}`,
  limit: Limits.signInFailures.limit,
  windowSeconds: Limits.signInFailures.windowSeconds,
});

/**
 * Compared against when the email is unknown, so that a wrong email and a
 * wrong password take about the same time (argon2id of a random password).
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0mEU8bJ1WCRVh1CZ9vhFvEo2Zf4Pr0Bjv0c3e6bnQvY';

const invalidCredentials = () => unauthenticated('invalid_credentials', 'the email or password is wrong');

/** Team sign-in with email and password (supplement §3). */
export class SignIn {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'hasher' | 'signer' | 'rateLimiter'>,
  ) {}

  async execute(input: { email: string; password: string; ip: string | null }): Promise<TokenPair> {
    const { uow, clock, hasher, rateLimiter } = this.deps;
    const email = normalizeEmail(input.email);
    const bucket = signInFailures(email);
    const gate = await rateLimiter.check(bucket);
    if (!gate.allowed) {
      throw rateLimited(
        'too_many_sign_in_attempts',
        `more than ${bucket.limit} failed sign-ins for this email in ${bucket.windowSeconds / 60} minutes`,
        gate.retryAfterSeconds,
      );
    }
    const user = await uow.read.users.findByEmail(email);
    const usable = user !== null && user.passwordHash !== null && user.idpRealm === null;
    const matches = await hasher.verify(usable ? (user.passwordHash as string) : DUMMY_HASH, input.password);
    if (!usable || !matches) {
      await rateLimiter.hit(bucket);
      throw invalidCredentials();
    }
    const now = clock.now();
    return uow.transaction(async (tx) => {
      const current = await tx.users.findByIdForUpdate(user.id);
      if (!current) throw invalidCredentials();
      current.lastLoginAt = now;
      await tx.users.save(current);
      const session: Session = {
        id: this.deps.ids.next(),
        userId: current.id,
        createdAt: now,
        revokedAt: null,
        passwordChangeRequired: current.passwordChangeRequired,
      };
      await tx.sessions.save(session);
      await recordAudit(tx, this.deps, { actor: { kind: 'user', id: current.id }, ip: input.ip }, now, {
        action: 'auth.signed_in',
        target: { type: 'user', id: current.id },
        details: { session_id: session.id },
      });
      return issueTokenPair(this.deps, tx, session, now);
    });
  }
}
