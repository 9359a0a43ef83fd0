import { requestIdMiddleware } from '@groundfloor/http-express';
import express from 'express';
import supertest from 'supertest';
import { createLogger, requestLineLogger } from '../src/logger';

/** Every log line written while a request is served names the request, whoever writes it and however late. */
describe('the logger', () => {
  it('stamps request_id on every line of a request, after awaits too, and on no line outside one', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express();
    app.use(requestIdMiddleware);
    app.get('/work', async (_req, res) => {
      logger.info('started');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.resolve().then(() => logger.warn({ password: 'hunter2-hunter2' }, 'deep in an adapter'));
      res.json({ ok: true });
    });
    logger.info('before any request');

    const res = await supertest(app).get('/work').set('X-Request-Id', 'req-abc.123').expect(200);
    const other = await supertest(app).get('/work').expect(200);

    expect(res.headers['x-request-id']).toBe('req-abc.123');
    expect(lines.map((l) => [l.msg, l.request_id])).toEqual([
      ['before any request', undefined],
      ['started', 'req-abc.123'],
      ['deep in an adapter', 'req-abc.123'],
      ['started', other.headers['x-request-id']],
      ['deep in an adapter', other.headers['x-request-id']],
    ]);
    // Redaction still applies to whatever the line carries.
    expect(lines[2]?.password).toBe('[redacted]');
  });

  it('replaces an X-Request-Id that could forge log lines', async () => {
    const app = express();
    app.use(requestIdMiddleware);
    app.get('/', (_req, res) => void res.end());
    const res = await supertest(app).get('/').set('X-Request-Id', 'evil\\nline {"level":60}').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes the request line where the logger writes, at its level, with the same base fields', () => {
    const lines: Record<string, unknown>[] = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const logger = createLogger('warn', destination);
    const requestLines = requestLineLogger(logger);
    requestLines.info({ req: { id: 'r1' } }, 'request completed');
    requestLines.warn({ req: { id: 'r2' } }, 'request aborted');
    logger.warn('from the main logger');
    expect(lines.map((l) => [l.msg, l.service, l.level])).toEqual([
      ['request aborted', 'groundfloor-control', 40],
      ['from the main logger', 'groundfloor-control', 40],
    ]);
  });
});
