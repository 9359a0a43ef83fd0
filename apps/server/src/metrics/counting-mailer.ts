import type { DeliveryResult, EmailMessage, Mailer, MailTestReport } from '@groundfloor/domain';
import type { ServerMetrics } from './metrics';

/** The bound mailer, counting each result for `/metrics`. */
export class CountingMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly metrics: ServerMetrics,
  ) {}

  async send(message: EmailMessage): Promise<DeliveryResult> {
    const result = await this.inner.send(message);
    this.metrics.mailResult(result);
    return result;
  }

  /** Test messages are not counted: they are an administrator's check, not mail the platform sends. */
  test(message: EmailMessage): Promise<MailTestReport> {
    return this.inner.test(message);
  }
}
