import type { DomainError } from '@groundfloor/domain';
import type { ErrorRequestHandler } from 'express';
import { isDomainError, problemFromDomain, sendProblem } from '../problem';
import { requestLogger } from './logging';

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/**
 * Last middleware. Domain errors map through the table; body-parser errors
 * become 400/413/415; anything else is a 500 whose body says nothing
 * internal. The cause is logged (by message and stack only: never a body).
 */
export function errorHandler(translate: ErrorTranslator = () => undefined): ErrorRequestHandler {
  return (err, req, res, next) => handle(translate(err) ?? err, req, res, next);
}

/**
 * Turns an adapter's failure that has a meaning for clients (the database
 * cannot be reached) into the domain error that says so; undefined for the
 * rest. Supplied by the composition root, which knows the adapters.
 */
export type ErrorTranslator = (err: unknown) => DomainError | undefined;

const handle: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (isDomainError(err)) {
    sendProblem(res, problemFromDomain(err));
    return;
  }
  const e = err as HttpishError;
  if (err instanceof URIError) {
    // The router could not decode a path segment (`%ff`): such a segment names nothing.
    sendProblem(res, { status: 404, code: 'not_found', detail: 'nothing is named by this path' });
    return;
  }
  if (e.type === 'entity.parse.failed') {
    sendProblem(res, { status: 400, code: 'malformed_json', detail: 'the request body is not valid JSON' });
    return;
  }
  if (e.type === 'entity.too.large') {
    sendProblem(res, {
      status: 413,
      code: 'body_too_large',
      detail: 'the request body is too large for this route',
    });
    return;
  }
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    sendProblem(res, {
      status: 415,
      code: 'unsupported_encoding',
      detail: 'the request body encoding is not supported',
    });
    return;
  }
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) {
    // A compressed body that does not decompress, or one cut off mid-way.
    sendProblem(res, { status, code: 'unreadable_body', detail: 'the request body could not be read' });
    return;
  }
  requestLogger(res)?.error(
    { err: safeError(err), req: { id: res.locals.requestId, method: req.method } },
    'unhandled error',
  );
  sendProblem(res, { status: 500, code: 'internal_error', detail: 'something went wrong on our side' });
};

/**
 * What of an unexpected error may be logged: never the whole object, because
 * drivers hang the failed query and its parameters (passwords, hashes,
 * ciphertexts, ticket text) on their errors, and a serializer would print them.
 */
export function safeError(err: unknown): { type: string; message: string; code?: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown' };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: err.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(err.stack ? { stack: err.stack } : {}),
  };
}
