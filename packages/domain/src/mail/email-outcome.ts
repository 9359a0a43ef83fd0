import type { DeliveryResult } from '../ports/mailer.port';

export type EmailSkippedReason =
  | 'smtp_not_configured'
  | 'send_failed'
  | 'delivery_unconfirmed'
  | 'not_requested';

export interface EmailOutcome {
  /** true sent, false not sent, null unknown (may still arrive). */
  readonly email_sent: boolean | null;
  readonly email_skipped_reason: EmailSkippedReason | null;
}

const OUTCOMES: Readonly<Record<DeliveryResult | 'not_requested', EmailOutcome>> = {
  sent: { email_sent: true, email_skipped_reason: null },
  failed: { email_sent: false, email_skipped_reason: 'send_failed' },
  unconfirmed: { email_sent: null, email_skipped_reason: 'delivery_unconfirmed' },
  not_configured: { email_sent: false, email_skipped_reason: 'smtp_not_configured' },
  not_requested: { email_sent: false, email_skipped_reason: 'not_requested' },
};

/** The spec's email outcome fields for what the mailer reported (or for no email asked for). */
export const emailOutcome = (result: DeliveryResult | 'not_requested'): EmailOutcome => OUTCOMES[result];
