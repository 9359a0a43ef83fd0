export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  /** Every email has a text part; each link stands alone on its own line. */
  readonly text: string;
  readonly html?: string;
  /** A label for logs and the outbox (never the content), e.g. `set_password`. */
  readonly template: string;
  /** The sender: a display name, and an address (absent: the platform's `MAIL_FROM`). */
  readonly from?: { readonly name: string | null; readonly email?: string };
  /**
   * Deliver through this server and no other (a workspace's custom sign-in
   * mail, spec: Sign-in email rule 3): if it fails, the email is not sent.
   */
  readonly via?: SmtpServer;
}

/** A mail server named by a workspace's custom sign-in mail settings. */
export interface SmtpServer {
  readonly host: string;
  readonly port: number;
  readonly username: string | null;
  /** In the clear only on its way to the adapter, which seals it with the message. */
  readonly password: string | null;
  /** TLS from the first byte (usually port 465). */
  readonly ssl: boolean;
  /** Upgrade with STARTTLS, required when true. */
  readonly starttls: boolean;
}

/**
 * - `sent`: the server accepted the message
 * - `failed`: the server refused or failed
 * - `unconfirmed`: no answer within 5 seconds; delivery goes on in the background
 * - `not_configured`: no mail server is set up
 */
export type DeliveryResult = 'sent' | 'failed' | 'unconfirmed' | 'not_configured';

/**
 * Why a test message failed, in a word the domain turns into a short
 * sentence (never the server's own text, which may echo what was sent).
 */
export type MailFailureKind =
  | 'auth_failed'
  | 'connection_failed'
  | 'tls_failed'
  | 'refused'
  | 'timed_out'
  | 'host_not_public'
  | 'failed';

/** The outcome of one test message: `failure` is set when `result` is `failed` or `unconfirmed`. */
export interface MailTestReport {
  readonly result: DeliveryResult;
  readonly failure: MailFailureKind | null;
}

/**
 * Sends through an outbox: the message is stored before delivery is tried,
 * and `send` never waits more than 5 seconds.
 */
export interface Mailer {
  send(message: EmailMessage): Promise<DeliveryResult>;
  /**
   * Sends a test message (POST auth/mail/test) once, now: never queued, never
   * retried; waits at most 5 seconds (then `unconfirmed`, `timed_out`, and the
   * attempt is abandoned); says why it failed.
   */
  test(message: EmailMessage): Promise<MailTestReport>;
}
export const MAILER = Symbol.for('gf.mailer');
