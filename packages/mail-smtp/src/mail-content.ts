import type { KeyManagement, SealedValue, SmtpServer } from '@groundfloor/domain';

/**
 * The parts of a queued email that are sealed in the outbox: the message,
 * and for a workspace's own mail server its settings with the password, so
 * that a background retry goes through the same server.
 */
export interface MailContent {
  /** The sender's address. */
  readonly from: string;
  /** The sender's display name, when the message names one. */
  readonly fromName?: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Deliver through this server only (never the platform's). */
  readonly via?: SmtpServer;
}

/** KMS context of sealed outbox content: a value sealed for another purpose does not open here. */
export const MAIL_OUTBOX_CONTEXT = 'mail-outbox';

export async function sealMailContent(kms: KeyManagement, content: MailContent): Promise<SealedValue> {
  const json = JSON.stringify(content);
  return kms.seal(new TextEncoder().encode(json), MAIL_OUTBOX_CONTEXT);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringOrNull = (v: unknown): v is string | null => v === null || isString(v);
const shape = () => new Error('sealed mail content has an unexpected shape');

function viaOf(value: unknown): SmtpServer | undefined {
  if (value === undefined) return undefined;
  const v = value as Record<string, unknown>;
  if (
    typeof v !== 'object' ||
    v === null ||
    !isString(v.host) ||
    typeof v.port !== 'number' ||
    !isStringOrNull(v.username) ||
    !isStringOrNull(v.password) ||
    typeof v.ssl !== 'boolean' ||
    typeof v.starttls !== 'boolean'
  )
    throw shape();
  return {
    host: v.host,
    port: v.port,
    username: v.username,
    password: v.password,
    ssl: v.ssl,
    starttls: v.starttls,
  };
}

export async function openMailContent(kms: KeyManagement, sealed: SealedValue): Promise<MailContent> {
  const bytes = await kms.open(sealed, MAIL_OUTBOX_CONTEXT);
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  const { from, fromName, to, subject, text, html } = data;
  if (!isString(from) || !isString(to) || !isString(subject) || !isString(text)) throw shape();
  const via = viaOf(data.via);
  return {
    from,
    ...(isString(fromName) ? { fromName } : {}),
    to,
    subject,
    text,
    ...(isString(html) ? { html } : {}),
    ...(via ? { via } : {}),
  };
}
