export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  /** Every email has a text part; each link stands alone on its own line. */
  readonly text: string;
  readonly html?: string;
  /** A label for logs and the outbox (never the content), e.g. `set_password`. */
  readonly template: string;
}

/**
 * - `sent`: the server accepted the message
 * - `failed`: the server refused or failed
 * - `unconfirmed`: no answer within 5 seconds; delivery goes on in the background
 * - `not_configured`: no mail server is set up
 */
export type DeliveryResult = 'sent' | 'failed' | 'unconfirmed' | 'not_configured';

/**
 * Sends through an outbox: the message is stored before delivery is tried,
 * and `send` never waits more than 5 seconds.
 */
export interface Mailer {
  send(message: EmailMessage): Promise<DeliveryResult>;
}
export const MAILER = Symbol.for('gf.mailer');
