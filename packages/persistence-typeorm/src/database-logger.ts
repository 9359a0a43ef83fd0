/** The log calls this package makes; a pino logger fits it. No query text or parameters are ever logged. */
export interface DatabaseLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const silentDatabaseLogger: DatabaseLogger = {
  info() {},
  warn() {},
};
