import { currentRequestId } from '@groundfloor/http-express';
import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Whatever a caller passes, these paths are censored,
 * so a secret that reaches a log call by mistake still never reaches a line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'groundfloor-control' },
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
