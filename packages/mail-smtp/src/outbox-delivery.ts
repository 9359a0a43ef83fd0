import type { Clock, MailOutbox, OutboxEntry } from '@groundfloor/domain';
import { type DeliveryFailure, describeDeliveryFailure } from './delivery-failure';
import type { MailContent } from './mail-content';
import type { MailLogger } from './mail-logger';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { leaseUntil, nextAttemptAt, type RetryPolicy } from './retry-policy';
import type { ViaTransportFactory } from './via-transport';

export interface OutboxDeliveryDeps {
  readonly outbox: MailOutbox;
  readonly clock: Clock;
  /** The platform's server (`SMTP_URL`); null when it is not set. */
  readonly transport: MailTransport | null;
  /** A workspace's own server, for messages that name one (`via`). */
  readonly viaTransport: ViaTransportFactory;
  readonly logger: MailLogger;
  readonly retry: RetryPolicy;
}

/** Class name or code of an error: enough to tell what broke, nothing from its message. */
export const errorLabel = (err: unknown): string => {
  if (typeof err !== 'object' || err === null) return typeof err;
  const { code, name } = err as { code?: unknown; name?: unknown };
  return [name, code].filter((p) => typeof p === 'string' && /^[\w.-]{1,60}$/.test(p)).join(' ') || 'Error';
};

/** The sender as the transport takes it: an address, or a display name and address. */
export const senderOf = (content: MailContent): OutgoingMail['from'] =>
  content.fromName ? { name: content.fromName, address: content.from } : content.from;

const notConfigured = () =>
  Object.assign(new Error('no platform mail server (SMTP_URL) is set'), { code: 'ENOTCONFIGURED' });

/**
 * Runs `send` with the transport `content` goes through: the workspace's own
 * server for a `via` message (opened for this message and closed after it;
 * never the platform's), otherwise the platform's.
 */
export async function withTransportFor<T>(
  deps: Pick<OutboxDeliveryDeps, 'transport' | 'viaTransport'>,
  content: MailContent,
  send: (transport: MailTransport) => Promise<T>,
): Promise<T> {
  if (!content.via) {
    if (!deps.transport) throw notConfigured();
    return send(deps.transport);
  }
  const transport = await deps.viaTransport(content.via);
  try {
    return await send(transport);
  } finally {
    transport.close();
  }
}

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
      await withTransportFor(this.deps, content, (transport) =>
        transport.sendMail({
          from: senderOf(content),
          to: content.to,
          subject: content.subject,
          text: content.text,
          ...(content.html !== undefined ? { html: content.html } : {}),
          signal: AbortSignal.timeout(this.deps.retry.attemptTimeoutMs),
        }),
      );
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
