import type { JsonSchema } from './dto-schema';
import { PROBLEM_CODES, type ProblemCode } from './problem-codes';

/** The problem+json body of every error (RFC 9457 with the API's `code`). */
export const PROBLEM_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  FieldError: {
    type: 'object',
    additionalProperties: false,
    required: ['field', 'message'],
    properties: { field: { type: 'string' }, message: { type: 'string' } },
  },
  Problem: {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'title', 'status', 'code', 'detail'],
    description: 'An RFC 9457 problem. Match on `code`: it is stable; `detail` is for people.',
    properties: {
      type: { type: 'string', description: 'always `about:blank`' },
      title: { type: 'string', description: 'the status text' },
      status: { type: 'integer' },
      code: { type: 'string', description: 'stable snake_case: what clients match on' },
      detail: { type: 'string' },
      errors: {
        type: 'array',
        items: { $ref: '#/components/schemas/FieldError' },
        description: 'only for field validation: one entry per refused field',
      },
    },
  },
};

export const PROBLEM_HEADERS: Readonly<Record<string, JsonSchema>> = {
  RetryAfter: {
    description: 'seconds until the caller may try again',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  WwwAuthenticate: { description: 'always `Bearer`', required: true, schema: { type: 'string' } },
};

/** Problem answers that many operations share exactly: named once, referenced by each. */
const SHARED: readonly { name: string; codes: readonly ProblemCode[] }[] = [
  { name: 'MalformedJson', codes: ['malformed_json', 'json_too_deep'] },
  { name: 'Unauthenticated', codes: ['invalid_token', 'missing_token'] },
  { name: 'OperatorUnauthenticated', codes: ['invalid_operator_token'] },
  { name: 'CallerKindNotAllowed', codes: ['caller_kind_not_allowed', 'password_change_required'] },
  { name: 'BodyTooLarge', codes: ['body_too_large'] },
  { name: 'UnsupportedEncoding', codes: ['unsupported_encoding'] },
  { name: 'ValidationFailed', codes: ['invalid_body', 'validation_failed'] },
];

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

type ProblemStatus = (typeof PROBLEM_CODES)[ProblemCode]['status'];

/** One problem response: the codes it can carry, each with when. */
export function problemResponse(status: ProblemStatus, codes: readonly ProblemCode[]): JsonSchema {
  const lines = codes.map((code) => `- \`${code}\`: ${PROBLEM_CODES[code].description}`);
  const headers =
    status === 401
      ? { 'WWW-Authenticate': { $ref: '#/components/headers/WwwAuthenticate' } }
      : status === 429
        ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }
        : undefined;
  return {
    description: `${status === '4XX' ? 'Client Error' : (STATUS_TEXT[status] ?? 'Error')}\n\n${lines.join('\n')}`,
    ...(headers ? { headers } : {}),
    content: {
      'application/problem+json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/Problem' }],
          properties: {
            status: status === '4XX' ? { type: 'integer', minimum: 400, maximum: 499 } : { const: status },
            code: { enum: [...codes] },
          },
        },
      },
    },
  };
}

/**
 * Groups codes by status, each group sorted; a group equal to a shared one is
 * referenced. A code of the range `4XX` also joins every 4xx group but its
 * `except` ones: OpenAPI matches an explicit status before a range, so a
 * passed-through 401 must be allowed under the operation's own 401.
 */
export function problemResponses(
  codes: Iterable<ProblemCode>,
  shared: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const byStatus = new Map<ProblemStatus, Set<ProblemCode>>();
  for (const code of codes) {
    const { status } = PROBLEM_CODES[code];
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  for (const code of byStatus.get('4XX') ?? []) {
    const entry = PROBLEM_CODES[code];
    const except: readonly number[] = 'except' in entry ? entry.except : [];
    for (const [status, set] of byStatus)
      if (typeof status === 'number' && status < 500 && !except.includes(status)) set.add(code);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, set] of byStatus) {
    const sorted = [...set].sort();
    const same = SHARED.find((s) => s.codes.length === sorted.length && s.codes.every((c) => set.has(c)));
    if (same) {
      shared[same.name] ??= problemResponse(status, [...same.codes].sort());
      responses[status] = { $ref: `#/components/responses/${same.name}` };
    } else {
      responses[status] = problemResponse(status, sorted);
    }
  }
  return responses;
}
