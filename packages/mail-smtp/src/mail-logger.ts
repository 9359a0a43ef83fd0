/**
 * The log calls the mail adapter makes; a pino logger fits it. The objects it
 * receives carry the template, the outbox entry id and the outcome, never the
 * recipient, subject, body, links or tokens.
 */
export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentMailLogger: MailLogger = {
  info() {},
  warn() {},
  error() {},
};
