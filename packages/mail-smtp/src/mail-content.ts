import type { KeyManagement, SealedValue } from '@groundfloor/domain';

/** The parts of a queued email that are sealed in the outbox. */
export interface MailContent {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** KMS context of sealed outbox content: a value sealed for another purpose does not open here. */
export const MAIL_OUTBOX_CONTEXT = 'mail-outbox';

export async function sealMailContent(kms: KeyManagement, content: MailContent): Promise<SealedValue> {
  const json = JSON.stringify(content);
  return kms.seal(new TextEncoder().encode(json), MAIL_OUTBOX_CONTEXT);
}

const isString = (v: unknown): v is string => typeof v === 'string';

export async function openMailContent(kms: KeyManagement, sealed: SealedValue): Promise<MailContent> {
  const bytes = await kms.open(sealed, MAIL_OUTBOX_CONTEXT);
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  const { from, to, subject, text, html } = data;
  if (!isString(from) || !isString(to) || !isString(subject) || !isString(text)) {
    throw new Error('sealed mail content has an unexpected shape');
  }
  return isString(html) ? { from, to, subject, text, html } : { from, to, subject, text };
}
