export { SmtpMailer, type SmtpMailerDeps } from './smtp-mailer';
export { OutboxWorker, type OutboxWorkerDeps, type OutboxRun } from './outbox-worker';
export { parseSmtpUrl, type SmtpSettings } from './smtp-url';
export {
  createSmtpTransport,
  SMTP_TIMEOUT_MS,
  type MailTransport,
  type OutgoingMail,
} from './mail-transport';
export { type MailLogger, silentMailLogger } from './mail-logger';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
export type { OutboxDelivery } from './outbox-delivery';
export { MAIL_OUTBOX_CONTEXT } from './mail-content';
export { describeDeliveryFailure, type DeliveryFailure } from './delivery-failure';
