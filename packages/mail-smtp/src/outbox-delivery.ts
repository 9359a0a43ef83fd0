import type { Clock, MailOutbox, OutboxEntry } from '@groundfloor/domain';
import { type DeliveryFailure, describeDeliveryFailure } from './delivery-failure';
import type { MailContent } from './mail-content';
import type { MailLogger } from './mail-logger';
import type { MailTransport } from './mail-transport';
import { leaseUntil, nextAttemptAt, type RetryPolicy } from './retry-policy';

export interface OutboxDeliveryDeps {
  readonly outbox: MailOutbox;
  readonly clock: Clock;
  readonly transport: MailTransport;
  readonly logger: MailLogger;
  readonly retry: RetryPolicy;
}

/** Class name or code of an error: enough to tell what broke, nothing from its message. */
export const errorLabel = (err: unknown): string => {
  if (typeof err !== 'object' || err === null) return typeof err;
  const { code, name } = err as { code?: unknown; name?: unknown };
  return [name, code].filter((p) => typeof p === 'string' && /^[\w.-]{1,60}$/.test(p)).join(' ') || 'Error';
};

/**
 * One delivery attempt of an outbox entry and the record of its outcome,
 * shared by the mailer's first attempt and the worker's retries.
 */
export class OutboxDelivery {
  constructor(private readonly deps: OutboxDeliveryDeps) {}

  /** Until when an entry whose attempt starts at `now` is held back from the worker. */
  leaseUntil(now: Date): Date {
    return leaseUntil(this.deps.retry, now);
  }

  /** Never rejects: every outcome ends up on the entry and in the log. */
  async attempt(entry: OutboxEntry, content: MailContent): Promise<'sent' | 'failed'> {
    let failure: DeliveryFailure | null = null;
    try {
      await this.deps.transport.sendMail({
        ...content,
        signal: AbortSignal.timeout(this.deps.retry.attemptTimeoutMs),
      });
    } catch (err) {
      failure = describeDeliveryFailure(err);
    }
    await this.record(entry, failure);
    return failure ? 'failed' : 'sent';
  }

  /** Records an attempt's outcome: `sent`, `pending` with backoff, or `failed`. Never rejects. */
  async record(entry: OutboxEntry, failure: DeliveryFailure | null): Promise<void> {
    const { retry, logger } = this.deps;
    const now = this.deps.clock.now();
    const attempts = entry.attempts + 1;
    const log = { template: entry.template, entryId: entry.id, attempts };
    let next: OutboxEntry;
    if (!failure) {
      // The content has done its job: the sealed copy goes.
      next = {
        ...entry,
        attempts,
        status: 'sent',
        sealed: null,
        lastError: null,
        sentAt: now,
        nextAttemptAt: now,
      };
      logger.info({ ...log, outcome: 'sent' }, 'mail sent');
    } else if (failure.permanent || attempts >= retry.maxAttempts) {
      next = {
        ...entry,
        attempts,
        status: 'failed',
        sealed: null,
        lastError: failure.summary,
        nextAttemptAt: now,
      };
      logger.warn({ ...log, outcome: 'failed', error: failure.summary }, 'mail delivery failed for good');
    } else {
      const due = nextAttemptAt(retry, attempts, now);
      next = { ...entry, attempts, status: 'pending', lastError: failure.summary, nextAttemptAt: due };
      logger.warn(
        { ...log, outcome: 'retry', error: failure.summary, nextAttemptAt: due.toISOString() },
        'mail delivery failed; will retry',
      );
    }
    try {
      await this.deps.outbox.save(next);
    } catch (err) {
      logger.error({ ...log, error: errorLabel(err) }, 'mail outbox entry could not be updated');
    }
  }
}
