import {
  type Clock,
  type DeliveryResult,
  type EmailMessage,
  type IdGenerator,
  type KeyManagement,
  Limits,
  type Mailer,
  type MailOutbox,
  type OutboxEntry,
} from '@groundfloor/domain';
import { type MailContent, sealMailContent } from './mail-content';
import { type MailLogger, silentMailLogger } from './mail-logger';
import { type MailTransport, resolveMailTransport } from './mail-transport';
import { errorLabel, OutboxDelivery } from './outbox-delivery';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';

export interface SmtpMailerDeps {
  readonly outbox: MailOutbox;
  readonly kms: KeyManagement;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** `SMTP_URL`. Unset or blank: every send is `not_configured`. Invalid: the constructor throws. */
  readonly smtpUrl?: string;
  /** `MAIL_FROM`, the sender of every message. */
  readonly from: string;
  /** How long `send` waits for the server before answering `unconfirmed`; defaults to `Limits.mailWaitMs`. */
  readonly waitMs?: number;
  readonly logger?: MailLogger;
  /** Used instead of the transport built from `smtpUrl`; its presence counts as configured. */
  readonly transport?: MailTransport;
  readonly retry?: Partial<RetryPolicy>;
}

const TIMED_OUT = Symbol('timed out');

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The `Mailer` port over SMTP (nodemailer) and the mail outbox. The message is
 * sealed into the outbox before the server is contacted; `send` then waits at
 * most `waitMs` for the server's answer. Past that it answers `unconfirmed`
 * and the attempt goes on, recording its outcome on the entry.
 */
export class SmtpMailer implements Mailer {
  /** The delivery engine, shared with `OutboxWorker`; null when SMTP_URL is not set. */
  readonly delivery: OutboxDelivery | null;
  private readonly transport: MailTransport | null;
  private readonly ownsTransport: boolean;
  private readonly logger: MailLogger;
  private readonly waitMs: number;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: SmtpMailerDeps) {
    const resolved = resolveMailTransport(deps.smtpUrl, deps.transport);
    this.transport = resolved?.transport ?? null;
    this.ownsTransport = resolved?.owned ?? false;
    this.logger = deps.logger ?? silentMailLogger;
    this.waitMs = deps.waitMs ?? Limits.mailWaitMs;
    this.delivery = this.transport
      ? new OutboxDelivery({
          outbox: deps.outbox,
          clock: deps.clock,
          transport: this.transport,
          logger: this.logger,
          retry: { ...DEFAULT_RETRY_POLICY, ...deps.retry },
        })
      : null;
  }

  async send(message: EmailMessage): Promise<DeliveryResult> {
    const { outbox, kms, clock, ids } = this.deps;
    const now = clock.now();
    const id = ids.next();
    const log = { template: message.template, entryId: id };
    const base = {
      id,
      recipient: message.to,
      template: message.template,
      attempts: 0,
      lastError: null,
      createdAt: now,
      sentAt: null,
    };

    if (!this.delivery) {
      // Nothing will ever send it, so nothing of the content is kept.
      try {
        await outbox.save({ ...base, sealed: null, status: 'skipped', nextAttemptAt: now });
      } catch (err) {
        this.logger.error({ ...log, error: errorLabel(err) }, 'mail outbox entry could not be written');
      }
      this.logger.info({ ...log, outcome: 'not_configured' }, 'mail skipped: SMTP_URL is not set');
      return 'not_configured';
    }

    const content: MailContent = {
      from: this.deps.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
    };
    let entry: OutboxEntry;
    try {
      const sealed = await sealMailContent(kms, content);
      // Leased: the worker leaves it alone while this attempt runs.
      entry = { ...base, sealed, status: 'pending', nextAttemptAt: this.delivery.leaseUntil(now) };
      await outbox.save(entry);
    } catch (err) {
      // Without an outbox entry there is no background delivery to promise.
      this.logger.error({ ...log, outcome: 'failed', error: errorLabel(err) }, 'mail could not be queued');
      return 'failed';
    }

    const attempt = this.track(this.delivery.attempt(entry, content));
    const result = await within(attempt, this.waitMs);
    if (result !== TIMED_OUT) return result;
    this.logger.info(
      { ...log, outcome: 'unconfirmed' },
      'mail server has not answered yet; delivery goes on',
    );
    return 'unconfirmed';
  }

  /** Resolves once every attempt started by `send` has finished and been recorded (also awaited by `OutboxWorker.stop`). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Drains, then closes the transport this mailer built (graceful shutdown). */
  async close(): Promise<void> {
    await this.drain();
    if (this.ownsTransport) this.transport?.close();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    work.finally(() => this.inFlight.delete(work)).catch(() => {});
    return work;
  }
}
