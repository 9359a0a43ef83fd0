import type { RateLimit } from '../../ports/rate-limiter.port';
import { addressBucket } from '../../shared/client-address';
import { rateLimited } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';

/** A sign-in limit with the words its 429 uses to name it. */
export interface SignInLimit extends RateLimit {
  readonly name: string;
}

const minutes = (seconds: number) => `${seconds / 60} minutes`;

const perEmail = (normalizedEmail: string, name: string): SignInLimit => ({
  key: `signin:${normalizedEmail}`,
  ...Limits.signInFailures,
  name: `${Limits.signInFailures.limit} ${name} in ${minutes(Limits.signInFailures.windowSeconds)}`,
});

/*
 * Both count failed password checks only: an attempt reserves a hit in each
 * before its password is checked and gives them back when it succeeds.
 * Keys are stable: operators may read them in `rate_limit_hits`.
 */
export const signInLimits = {
  /** Supplement §3: more than 10 failures for one email in 10 minutes is 429. */
  perEmail: (normalizedEmail: string) => perEmail(normalizedEmail, 'failed sign-ins for this email'),
  /** The same counter, as a wrong current password on `POST /v1/me/password` names it. */
  perAccount: (normalizedEmail: string) => perEmail(normalizedEmail, 'wrong passwords for this account'),
  perAddress: (ip: string | null): SignInLimit => ({
    key: `signin-address:${addressBucket(ip)}`,
    ...Limits.signInFailuresPerAddress,
    name: `${Limits.signInFailuresPerAddress.limit} failed sign-ins from this address in ${minutes(Limits.signInFailuresPerAddress.windowSeconds)}`,
  }),
};

export const tooManySignInAttempts = (limit: SignInLimit, retryAfterSeconds: number) =>
  rateLimited('too_many_sign_in_attempts', `more than ${limit.name}`, retryAfterSeconds);
