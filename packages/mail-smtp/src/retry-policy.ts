/** How the outbox retries a message the server did not take. */
export interface RetryPolicy {
  /** Attempts in all, the first one included; once the last fails the entry is `failed`. */
  readonly maxAttempts: number;
  /** Wait after the first failed attempt; it doubles after each further one. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Hard limit on one attempt, on top of the transport's per-step timeouts. */
  readonly attemptTimeoutMs: number;
}

/** 8 attempts over about two hours: waits of 1, 2, 4, 8, 16, 32 and 60 minutes. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  attemptTimeoutMs: 2 * 60_000,
};

/** When the next attempt is due after `attempts` failed ones. */
export function nextAttemptAt(policy: RetryPolicy, attempts: number, now: Date): Date {
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay);
}

/**
 * While an attempt runs its entry is not due: the worker must not send it a
 * second time. If the process dies mid-attempt, the worker takes it up once
 * the lease has passed.
 */
export function leaseUntil(policy: RetryPolicy, now: Date): Date {
  return new Date(now.getTime() + policy.attemptTimeoutMs + 60_000);
}
