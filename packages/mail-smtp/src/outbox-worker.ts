import type { Clock, KeyManagement, MailOutbox, OutboxEntry } from '@groundfloor/domain';
import { type MailContent, openMailContent } from './mail-content';
import { type MailLogger, silentMailLogger } from './mail-logger';
import { errorLabel, type OutboxDelivery } from './outbox-delivery';
import type { SmtpMailer } from './smtp-mailer';

export interface OutboxWorkerDeps {
  readonly outbox: MailOutbox;
  readonly kms: KeyManagement;
  readonly clock: Clock;
  /** Its transports and retry policy are used (messages through a workspace's own server need no SMTP_URL). */
  readonly mailer: SmtpMailer;
  readonly logger?: MailLogger;
  /** Time between runs; defaults to 30 seconds. */
  readonly intervalMs?: number;
  /** Entries taken per run; defaults to 20. */
  readonly batchSize?: number;
}

export interface OutboxRun {
  readonly sent: number;
  readonly failed: number;
}

/** Retries the outbox's due `pending` entries in the background, oldest first. */
export class OutboxWorker {
  private readonly logger: MailLogger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<OutboxRun> | null = null;
  private stopping = false;

  constructor(private readonly deps: OutboxWorkerDeps) {
    this.logger = deps.logger ?? silentMailLogger;
  }

  /** Starts the periodic runs; the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => void this.runOnce(), this.deps.intervalMs ?? 30_000);
    this.timer.unref();
  }

  /**
   * Stops the timer, waits for a run in progress (it ends after its current
   * entry) and for the mailer's background attempts, so the outbox can be
   * closed afterwards.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.deps.mailer.drain();
  }

  /** One pass over the due entries. Runs do not overlap: a call during a run joins it. Never rejects. */
  runOnce(): Promise<OutboxRun> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<OutboxRun> {
    let sent = 0;
    let failed = 0;
    const delivery = this.deps.mailer.delivery;
    let due: OutboxEntry[];
    try {
      // Claimed and leased in one atomic step: another run, or another
      // process, sees these entries as not due while they are being sent.
      const now = this.deps.clock.now();
      due = await this.deps.outbox.claimDue(now, delivery.leaseUntil(now), this.deps.batchSize ?? 20);
    } catch (err) {
      this.logger.error({ error: errorLabel(err) }, 'mail outbox could not be read');
      return { sent, failed };
    }
    for (const entry of due) {
      if (this.stopping) break;
      const outcome = await this.deliver(delivery, entry);
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'failed') failed += 1;
    }
    return { sent, failed };
  }

  private async deliver(
    delivery: OutboxDelivery,
    entry: OutboxEntry,
  ): Promise<'sent' | 'failed' | 'skipped'> {
    const claimed = entry;
    if (!claimed.sealed) {
      await delivery.record(claimed, { permanent: true, summary: 'no sealed content' });
      return 'failed';
    }
    let content: MailContent;
    try {
      content = await openMailContent(this.deps.kms, claimed.sealed);
    } catch (err) {
      await delivery.record(claimed, {
        permanent: false,
        summary: `sealed content did not open: ${errorLabel(err)}`,
      });
      return 'failed';
    }
    return delivery.attempt(claimed, content);
  }
}
