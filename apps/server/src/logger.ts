import { currentRequestId } from '@groundfloor/http-express';
import pino, { type Logger } from 'pino';

const BASE = { service: 'groundfloor-control' };

/**
 * Structured JSON logs. Whatever a caller passes, these paths are censored,
 * so a secret that reaches a log call by mistake still never reaches a line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: BASE,
      // Every line written while a request is being served names it, whoever writes it.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { request_id: requestId };
      },
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'authorization',
          '*.authorization',
          'req.headers.authorization',
          'req.headers.cookie',
          '*.refresh_token',
          '*.access_token',
          '*.client_secret',
          '*.value',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * The logger of the one line per request, on `logger`'s destination and at
 * its level, without redaction: that line is built from fixed, harmless
 * fields (method, path without its query, status, duration, request id),
 * and redacting it cost a few percent of a cached read. Nothing else may
 * log through it.
 */
export function requestLineLogger(logger: Logger): Logger {
  const destination = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  return pino({ level: logger.level, base: BASE }, destination);
}
