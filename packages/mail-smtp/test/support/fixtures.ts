import type { EmailMessage } from '@groundfloor/domain';
import { FakeClock, SequentialIds } from '@groundfloor/testkit';
import { SmtpMailer, type SmtpMailerDeps } from '../../src';
import { CapturingLogger } from './capturing-logger';
import { FakeKeyManagement } from './fake-key-management';
import { RecordingOutbox } from './recording-outbox';

/** Strings that must never reach the outbox in plaintext, nor any log line. */
export const MARKER = 'BODY-MARKER-5e1f0c';
export const SUBJECT_MARKER = 'SUBJECT-MARKER-9a2b';
export const TOKEN = 'tok-SECRET-4d7e';
export const RECIPIENT = 'alice@example.test';
export const FROM = 'no-reply@control.test';

export const aMessage = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  to: RECIPIENT,
  subject: `Set your password ${SUBJECT_MARKER}`,
  text: `Hello ${MARKER}\n\nSet your password:\nhttps://control.test/set-password#token=${TOKEN}\n`,
  html: `<p>Hello ${MARKER}</p><p><a href="https://control.test/set-password#token=${TOKEN}">Set password</a></p>`,
  template: 'set_password',
  ...overrides,
});

/** A mailer over fakes; waitMs stays at its 5 s default unless a test is about `unconfirmed`. */
export function mailerWorld(deps: Partial<SmtpMailerDeps> = {}) {
  const outbox = new RecordingOutbox();
  const kms = new FakeKeyManagement();
  const clock = new FakeClock();
  const ids = new SequentialIds();
  const logger = new CapturingLogger();
  const mailer = new SmtpMailer({ outbox, kms, clock, ids, logger, from: FROM, ...deps });
  return { outbox, kms, clock, ids, logger, mailer };
}
