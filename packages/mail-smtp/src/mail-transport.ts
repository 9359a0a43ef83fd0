import { createTransport } from 'nodemailer';
import { parseSmtpUrl, type SmtpSettings } from './smtp-url';

/** What one delivery attempt hands to the transport. */
export interface OutgoingMail {
  /** An address, or a display name and address (nodemailer encodes the name, so it cannot inject headers). */
  readonly from: string | { readonly name: string; readonly address: string };
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Ends the attempt; the transport reports it as an error. */
  readonly signal?: AbortSignal;
}

/**
 * The part of a nodemailer transporter the adapter uses. Resolves once the
 * server accepted the message; rejects with nodemailer's error (with `code`,
 * `responseCode`, `permanent`) otherwise. Tests inject their own.
 */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
  close(): void;
}

/** Each wait on the server is bounded, so a dead server cannot hold a background attempt forever. */
export const SMTP_TIMEOUT_MS = 30_000;

/** Options beyond `SMTP_URL`'s, for a workspace's own server. */
export interface TransportOptions {
  /** STARTTLS is required: no plaintext fallback when the server does not offer it. */
  readonly requireTLS?: boolean;
  /** The name TLS verifies the certificate against (and sends as SNI) when `host` is an address. */
  readonly servername?: string;
}

/** A non-pooled nodemailer SMTP transport: one connection per message, nothing held open between them. */
export function createSmtpTransport(
  settings: SmtpSettings,
  timeoutMs = SMTP_TIMEOUT_MS,
  options: TransportOptions = {},
): MailTransport {
  return createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(options.requireTLS ? { requireTLS: true } : {}),
    ...(options.servername ? { servername: options.servername } : {}),
    auth: settings.auth ? { user: settings.auth.user, pass: settings.auth.pass } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // nodemailer's own logging could print the message; ours never does.
    logger: false,
    debug: false,
    transactionLog: false,
    // Only strings are passed, but nodemailer must never read a file or fetch a URL for a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/**
 * The transport for `SMTP_URL`, or null when it is unset or blank. An injected
 * transport wins (tests). Throws on an invalid URL, before anything is sent.
 */
export function resolveMailTransport(smtpUrl: string | undefined, injected: MailTransport | undefined) {
  const configured = smtpUrl !== undefined && smtpUrl.trim() !== '';
  const settings = configured ? parseSmtpUrl(smtpUrl) : null;
  if (injected) return { transport: injected, owned: false };
  if (settings) return { transport: createSmtpTransport(settings), owned: true };
  return null;
}
