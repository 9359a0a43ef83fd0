import type { MailFailureKind } from '@groundfloor/domain';

/** Why an attempt failed, in words safe to store and log: codes only, never the server's free text. */
export interface DeliveryFailure {
  /** The server refused this message for good; retrying would get the same answer. */
  readonly permanent: boolean;
  /** e.g. `EENVELOPE 550 5.1.1 RCPT TO`, `ESOCKET ECONNREFUSED`, `ETIMEDOUT CONNECT_TIMEOUT`. */
  readonly summary: string;
}

// Errors about the message itself that carry no SMTP reply (and a server the adapter will not connect to).
const PERMANENT_WITHOUT_REPLY = new Set([
  'EENVELOPE',
  'EMESSAGE',
  'ECONFIG',
  'EMAXRECIPIENTS',
  'EPRIVATEHOST',
]);

const field = (err: unknown, key: string): unknown =>
  typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[key] : undefined;

const token = (v: unknown, pattern: RegExp): string | undefined =>
  typeof v === 'string' && pattern.test(v) ? v : undefined;

/**
 * Reads nodemailer's error fields. Permanent: a 5xx reply (nodemailer's
 * `permanent`, which leaves out 503) or a malformed envelope/message.
 * Transient: 4xx replies, connection, TLS, DNS and timeout errors, and
 * authentication failures, which are a configuration problem rather than a
 * verdict on the message, so mail queued meanwhile goes out once it is fixed.
 */
export function describeDeliveryFailure(err: unknown): DeliveryFailure {
  const code = token(field(err, 'code'), /^[A-Z][A-Z0-9_]{0,31}$/);
  const rawReply = field(err, 'responseCode');
  const reply = typeof rawReply === 'number' && Number.isInteger(rawReply) ? rawReply : undefined;
  const response = field(err, 'response');
  const enhanced =
    typeof response === 'string' ? /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(response)?.[1] : undefined;
  const detail =
    token(field(err, 'timeoutType'), /^[A-Z_]{1,32}$/) ??
    token(field(err, 'originalCode'), /^[A-Z][A-Z0-9_]{0,31}$/);
  const command = token(field(err, 'command'), /^[A-Z][A-Z0-9 -]{0,23}$/);
  const name = token(field(err, 'name'), /^[A-Za-z]{1,40}$/);

  let permanent: boolean;
  if (reply !== undefined) {
    const flagged = field(err, 'permanent');
    permanent = code !== 'EAUTH' && (typeof flagged === 'boolean' ? flagged : reply >= 500 && reply !== 503);
  } else {
    permanent = code !== undefined && PERMANENT_WITHOUT_REPLY.has(code);
  }
  const parts = [code ?? name ?? 'Error', reply, enhanced, detail, command].filter((p) => p !== undefined);
  return { permanent, summary: parts.join(' ') };
}

/** The kind of failure a test message reports (POST auth/mail/test), from nodemailer's error fields. */
export function failureKindOf(err: unknown): MailFailureKind {
  const code = field(err, 'code');
  const reply = field(err, 'responseCode');
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth_failed';
  if (code === 'EPRIVATEHOST') return 'host_not_public';
  if (code === 'ETLS' || code === 'ETLSREQUIRED' || (typeof code === 'string' && code.startsWith('ERR_TLS')))
    return 'tls_failed';
  if (code === 'ETIMEDOUT' || field(err, 'name') === 'TimeoutError' || field(err, 'name') === 'AbortError')
    return 'timed_out';
  if (typeof reply === 'number' && reply >= 400) return 'refused';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'refused';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' || code === 'ECONNREFUSED')
    return 'connection_failed';
  return 'failed';
}
