import { Limits } from '../shared/limits';
import type { AppUser } from './app-user';
import { inviteResendLimit, inviteResendTooSoon } from './app-user.errors';

/** The resend counters the AppUser record keeps. */
export type ResendCounters = Pick<AppUser, 'resendWindowStartedAt' | 'resendCount' | 'lastInvitationSentAt'>;

const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/**
 * Spec, Resend: 429 if resent within the last minute, and at most 5 resends
 * in the 24 hours counted from the first resend. The first invitation is
 * not a resend: the first resend may follow it at once, and the 1-minute
 * gap counts from the last resend. A window that has run its 24 hours
 * starts again with the next resend.
 *
 * Returns the counters after one more resend, or throws the 429 naming
 * the limit (with the seconds until a resend would be allowed).
 */
export function afterResend(counters: ResendCounters, now: Date): ResendCounters {
  // Every resend sets `lastInvitationSentAt`; before the first one it is the
  // invitation's own time, which the gap does not count from.
  const last = counters.resendWindowStartedAt === null ? null : counters.lastInvitationSentAt;
  if (last) {
    const since = seconds(last, now);
    if (since < Limits.inviteResendGapSeconds)
      throw inviteResendTooSoon(Limits.inviteResendGapSeconds - since);
  }
  const { limit, windowSeconds } = Limits.inviteResends;
  const start = counters.resendWindowStartedAt;
  const windowOpen = start !== null && seconds(start, now) < windowSeconds;
  if (!windowOpen) return { resendWindowStartedAt: now, resendCount: 1, lastInvitationSentAt: now };
  if (counters.resendCount >= limit) throw inviteResendLimit(windowSeconds - seconds(start, now));
  return { resendWindowStartedAt: start, resendCount: counters.resendCount + 1, lastInvitationSentAt: now };
}
