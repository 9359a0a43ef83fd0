import { STATUS_CODES } from 'node:http';
import { DomainError, type FieldError } from '@groundfloor/domain';
import type { Response } from 'express';
import { STATUS_BY_CODE, STATUS_BY_KIND, TITLES } from './error-map';

export interface Problem {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors?: readonly FieldError[];
  readonly retryAfterSeconds?: number;
}

/** Writes an RFC 9457 problem+json body (supplement §2). */
export function sendProblem(res: Response, problem: Problem): void {
  // A route may have named its own challenge (the M2M exchange answers Basic to Basic).
  if (problem.status !== 401) res.removeHeader('WWW-Authenticate');
  else if (!res.hasHeader('WWW-Authenticate')) res.setHeader('WWW-Authenticate', 'Bearer');
  if (problem.retryAfterSeconds !== undefined)
    res.setHeader('Retry-After', String(problem.retryAfterSeconds));
  res.setHeader('Cache-Control', 'no-store');
  res
    .status(problem.status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        // A passed-through upstream 4xx may carry any status: Node's reason phrase where the table has none.
        title: TITLES[problem.status] ?? STATUS_CODES[problem.status] ?? 'Error',
        status: problem.status,
        code: problem.code,
        detail: problem.detail,
        ...(problem.errors && problem.errors.length > 0 ? { errors: problem.errors } : {}),
      }),
    );
}

export function problemFromDomain(error: DomainError): Problem {
  return {
    status: error.status ?? STATUS_BY_CODE[error.code] ?? STATUS_BY_KIND[error.kind],
    code: error.code,
    detail: error.detail,
    errors: error.fieldErrors,
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
