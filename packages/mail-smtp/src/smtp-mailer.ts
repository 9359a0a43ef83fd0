import {
  type Clock,
  type DeliveryResult,
  type EmailMessage,
  type IdGenerator,
  type KeyManagement,
  Limits,
  type Mailer,
  type MailOutbox,
  type MailTestReport,
  type OutboxEntry,
} from '@groundfloor/domain';
import { failureKindOf } from './delivery-failure';
import { type MailContent, sealMailContent } from './mail-content';
import { type MailLogger, silentMailLogger } from './mail-logger';
import { type MailTransport, resolveMailTransport } from './mail-transport';
import { errorLabel, OutboxDelivery, senderOf, withTransportFor } from './outbox-delivery';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { type ViaTransportFactory, viaTransportFactory } from './via-transport';

export interface SmtpMailerDeps {
  readonly outbox: MailOutbox;
  readonly kms: KeyManagement;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** `SMTP_URL`. Unset or blank: every send is `not_configured`. Invalid: the constructor throws. */
  readonly smtpUrl?: string;
  /** `MAIL_FROM` (`address` or `Name <address>`): the sender, unless a message names its own. */
  readonly from: string;
  /**
   * `ALLOW_PRIVATE_MAIL_HOSTS`: a workspace's own server (`EmailMessage.via`) may be a loopback or
   * private address. Otherwise its addresses are checked again when connecting.
   */
  readonly allowPrivateMailHosts?: boolean;
  /** Opens a workspace's own server's transport (tests inject their own). */
  readonly viaTransport?: ViaTransportFactory;
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

/** The address of `MAIL_FROM` and its display name, if it has one. */
function parseFrom(from: string): { name: string | null; address: string } {
  const m = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!m) return { name: null, address: from.trim() };
  const name = (m[1] ?? '').replace(/^"(.*)"$/, '$1').trim();
  return { name: name || null, address: (m[2] ?? '').trim() };
}

/**
 * The `Mailer` port over SMTP (nodemailer) and the mail outbox. The message is
 * sealed into the outbox before the server is contacted; `send` then waits at
 * most `waitMs` for the server's answer. Past that it answers `unconfirmed`
 * and the attempt goes on, recording its outcome on the entry.
 *
 * A message naming a server (`via`: a workspace's own sign-in mail server)
 * goes through that server only, with its settings sealed into the outbox
 * content so that retries use it too; it needs no `SMTP_URL`.
 */
export class SmtpMailer implements Mailer {
  /** The delivery engine, shared with `OutboxWorker`. */
  readonly delivery: OutboxDelivery;
  private readonly transport: MailTransport | null;
  private readonly viaTransport: ViaTransportFactory;
  private readonly sender: { name: string | null; address: string };
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
    this.sender = parseFrom(deps.from);
    this.viaTransport =
      deps.viaTransport ?? viaTransportFactory({ allowPrivateHosts: deps.allowPrivateMailHosts ?? false });
    this.delivery = new OutboxDelivery({
      outbox: deps.outbox,
      clock: deps.clock,
      transport: this.transport,
      viaTransport: this.viaTransport,
      logger: this.logger,
      retry: { ...DEFAULT_RETRY_POLICY, ...deps.retry },
    });
  }

  /** Whether the platform's own server (`SMTP_URL`) is set. */
  get platformConfigured(): boolean {
    return this.transport !== null;
  }

  /** The sealed content of a message: its sender (the message's own, or MAIL_FROM), recipient, parts and server. */
  private contentOf(message: EmailMessage): MailContent {
    const address = message.from?.email ?? this.sender.address;
    const name = message.from ? message.from.name : this.sender.name;
    return {
      from: address,
      ...(name ? { fromName: name } : {}),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
      ...(message.via ? { via: message.via } : {}),
    };
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

    if (!message.via && !this.transport) {
      // Nothing will ever send it, so nothing of the content is kept.
      try {
        await outbox.save({ ...base, sealed: null, status: 'skipped', nextAttemptAt: now });
      } catch (err) {
        this.logger.error({ ...log, error: errorLabel(err) }, 'mail outbox entry could not be written');
      }
      this.logger.info({ ...log, outcome: 'not_configured' }, 'mail skipped: SMTP_URL is not set');
      return 'not_configured';
    }

    const content = this.contentOf(message);
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

  async test(message: EmailMessage): Promise<MailTestReport> {
    const log = { template: message.template };
    if (!message.via && !this.transport) {
      this.logger.info({ ...log, outcome: 'not_configured' }, 'test mail skipped: SMTP_URL is not set');
      return { result: 'not_configured', failure: null };
    }
    const content = this.contentOf(message);
    const controller = new AbortController();
    const attempt = withTransportFor(
      { transport: this.transport, viaTransport: this.viaTransport },
      content,
      (t) =>
        t.sendMail({
          from: senderOf(content),
          to: content.to,
          subject: content.subject,
          text: content.text,
          ...(content.html !== undefined ? { html: content.html } : {}),
          signal: controller.signal,
        }),
    ).then(
      (): MailTestReport => ({ result: 'sent', failure: null }),
      (err: unknown): MailTestReport => ({ result: 'failed', failure: failureKindOf(err) }),
    );
    const report = await within(this.track(attempt), this.waitMs);
    if (report === TIMED_OUT) {
      // A test is not worth finishing in the background: the answer has gone.
      controller.abort();
      this.logger.info({ ...log, outcome: 'unconfirmed' }, 'test mail: no answer in time');
      return { result: 'unconfirmed', failure: 'timed_out' };
    }
    this.logger.info({ ...log, outcome: report.result, failure: report.failure }, 'test mail attempted');
    return report;
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
