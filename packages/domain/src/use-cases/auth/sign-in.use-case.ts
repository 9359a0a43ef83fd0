import { recordAudit } from '../../audit/record';
import type { Session } from '../../auth/session';
import type { Repositories } from '../../ports/repositories.port';
import { unauthenticated } from '../../shared/domain-error';
import { normalizeEmail } from '../../shared/text';
import type { User } from '../../user/user';
import type { Deps } from '../deps';
import { reserveAttempt } from '../rate-limits/reserved-attempt';
import { signInLimits, tooManySignInAttempts } from './sign-in-limits';
import { issueTokenPair, type TokenPair } from './token-pair';

/**
 * Compared against when the email is unknown, so that a wrong email and a
 * wrong password take about the same time (argon2id of a random password).
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0mEU8bJ1WCRVh1CZ9vhFvEo2Zf4Pr0Bjv0c3e6bnQvY';

const invalidCredentials = () => unauthenticated('invalid_credentials', 'the email or password is wrong');

/**
 * Team sign-in with email and password (supplement §3). The attempt takes
 * its place in the per-address and per-email failure limits before the
 * password is checked and gives it back if the password is right, so at most
 * 10 wrong passwords for one email are ever checked, however many arrive at
 * once, and successful sign-ins never count.
 */
export class SignIn {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'hasher' | 'signer' | 'rateLimiter'>,
  ) {}

  async execute(input: { email: string; password: string; ip: string | null }): Promise<TokenPair> {
    const { uow, clock, hasher, rateLimiter } = this.deps;
    const email = normalizeEmail(input.email);
    const attempt = await reserveAttempt(
      rateLimiter,
      [signInLimits.perAddress(input.ip), signInLimits.perEmail(email)],
      tooManySignInAttempts,
    );
    const user = await attempt.settle(async (): Promise<User | false> => {
      const found = await uow.read.users.findByEmail(email);
      const usable = found !== null && found.passwordHash !== null && found.idpRealm === null;
      const matches = await hasher.verify(
        usable ? (found.passwordHash as string) : DUMMY_HASH,
        input.password,
      );
      return usable && matches ? found : false;
    });
    if (!user) throw invalidCredentials();
    const now = clock.now();
    // The writes need nothing read since the password check: one batch, no
    // lock. Its session names the user, so it fails for a user deleted since
    // the check: that is the wrong credentials; any other failure is itself.
    return uow
      .batch((writes) => this.startSession(writes, user, now, input.ip))
      .catch(async (error: unknown) => {
        if ((await uow.read.users.findById(user.id)) === null) throw invalidCredentials();
        throw error;
      });
  }

  /** Records the sign-in, a new session and its audit event, and issues the session's tokens. */
  private async startSession(tx: Repositories, user: User, now: Date, ip: string | null): Promise<TokenPair> {
    await tx.users.updateLastLoginAt(user.id, now);
    const session: Session = {
      id: this.deps.ids.next(),
      userId: user.id,
      createdAt: now,
      revokedAt: null,
      passwordChangeRequired: user.passwordChangeRequired,
    };
    await tx.sessions.save(session);
    await recordAudit(tx, this.deps, { actor: { kind: 'user', id: user.id }, ip }, now, {
      action: 'auth.signed_in',
      target: { type: 'user', id: user.id },
      details: { session_id: session.id },
    });
    return issueTokenPair(this.deps, tx, session, now);
  }
}
