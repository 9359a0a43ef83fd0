import {
  CLOCK,
  type Clock,
  ID_GENERATOR,
  type IdGenerator,
  KEY_MANAGEMENT,
  type KeyManagement,
  MAIL_OUTBOX,
  MAILER,
  type Mailer,
  type MailOutbox,
} from '@groundfloor/domain';
import { OutboxWorker, SmtpMailer } from '@groundfloor/mail-smtp';
import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { CONFIG, LOGGER, OUTBOX_WORKER } from '../tokens';

/** SMTP through the outbox; without SMTP_URL every outcome is `smtp_not_configured`. */
export const mailModule = new ContainerModule(({ bind }) => {
  bind<SmtpMailer>(SmtpMailer)
    .toResolvedValue(
      (
        config: Config,
        outbox: MailOutbox,
        kms: KeyManagement,
        clock: Clock,
        ids: IdGenerator,
        logger: Logger,
      ) =>
        new SmtpMailer({
          outbox,
          kms,
          clock,
          ids,
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          allowPrivateMailHosts: config.allowPrivateMailHosts,
          logger: logger.child({ component: 'mail' }),
        }),
      [CONFIG, MAIL_OUTBOX, KEY_MANAGEMENT, CLOCK, ID_GENERATOR, LOGGER],
    )
    .inSingletonScope();
  bind<Mailer>(MAILER)
    .toResolvedValue((mailer: SmtpMailer) => mailer, [SmtpMailer])
    .inSingletonScope();
  bind<OutboxWorker>(OUTBOX_WORKER)
    .toResolvedValue(
      (mailer: SmtpMailer, outbox: MailOutbox, kms: KeyManagement, clock: Clock, logger: Logger) =>
        new OutboxWorker({ mailer, outbox, kms, clock, logger: logger.child({ component: 'mail-outbox' }) }),
      [SmtpMailer, MAIL_OUTBOX, KEY_MANAGEMENT, CLOCK, LOGGER],
    )
    .inSingletonScope();
});
