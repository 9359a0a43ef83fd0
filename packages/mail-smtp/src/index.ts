export { type DeliveryFailure, describeDeliveryFailure, failureKindOf } from './delivery-failure';
export { MAIL_OUTBOX_CONTEXT, type MailContent, openMailContent } from './mail-content';
export { type MailLogger, silentMailLogger } from './mail-logger';
export {
  createSmtpTransport,
  type MailTransport,
  type OutgoingMail,
  SMTP_TIMEOUT_MS,
  type TransportOptions,
} from './mail-transport';
export type { OutboxDelivery } from './outbox-delivery';
export { type OutboxRun, OutboxWorker, type OutboxWorkerDeps } from './outbox-worker';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
export { SmtpMailer, type SmtpMailerDeps } from './smtp-mailer';
export { parseSmtpUrl, type SmtpSettings } from './smtp-url';
export { type AddressLookup, type ViaTransportFactory, viaTransportFactory } from './via-transport';
