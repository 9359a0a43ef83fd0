import { type FieldError, invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';
import { hasLineBreak } from '../shared/text';
import type { TicketContext } from './ticket';
import { characterCount, sanitizeTicketText } from './ticket-text';

/*
 * The invariants of ticket text (spec: Support, create body). Every value is
 * sanitised first, so removed characters never count toward a length.
 */

const fieldError = (code: string, field: string, message: string) =>
  invalid(code, `${field} ${message}`, [{ field, message }]);

/** One line of 1 to 200 characters after trimming. */
export function requireTicketSubject(value: string): string {
  const subject = sanitizeTicketText(value).trim();
  const n = characterCount(subject);
  if (n === 0 || n > Limits.ticketSubjectMax || hasLineBreak(subject)) {
    throw fieldError(
      'invalid_subject',
      'subject',
      `must be one line of 1 to ${Limits.ticketSubjectMax} characters`,
    );
  }
  return subject;
}

/** A description or reply: plain text, not blank, at most 20,000 characters. */
export function requireTicketBody(value: string, field: 'description' | 'body'): string {
  const body = sanitizeTicketText(value);
  if (body.trim().length === 0 || characterCount(body) > Limits.ticketBodyMax) {
    throw fieldError(
      field === 'description' ? 'invalid_description' : 'invalid_message_body',
      field,
      `must be 1 to ${Limits.ticketBodyMax} characters of text`,
    );
  }
  return body;
}

type ContextKey = keyof typeof Limits.ticketContext;
const CONTEXT_KEYS = Object.keys(Limits.ticketContext) as ContextKey[];
const isContextKey = (key: string): key is ContextKey => (CONTEXT_KEYS as string[]).includes(key);

/**
 * A path only: one leading `/` (never `//` or `/\`, which browsers treat as
 * another host), no scheme, host, whitespace or backslash.
 */
export function isPagePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // Without whitespace or backslashes, nothing after the first `/` can be read as a scheme or host.
  return !/[\s\\]/.test(value);
}

/**
 * `context` with only the allowed keys, each a single-line string within
 * its length; `page_path` a path. `workspace_id` is checked against the
 * organization by the use case.
 */
export function requireTicketContext(raw: Record<string, unknown>): TicketContext {
  const errors: FieldError[] = [];
  const context: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = `context.${key}`;
    if (!isContextKey(key)) {
      errors.push({ field, message: `unknown context key; allowed: ${CONTEXT_KEYS.join(', ')}` });
      continue;
    }
    if (typeof value !== 'string') {
      errors.push({ field, message: 'must be a string' });
      continue;
    }
    const text = sanitizeTicketText(value);
    const max = Limits.ticketContext[key];
    if (hasLineBreak(text)) errors.push({ field, message: 'must be a single line' });
    else if (characterCount(text) > max) errors.push({ field, message: `must be at most ${max} characters` });
    else if (key === 'page_path' && !isPagePath(text)) {
      errors.push({
        field,
        message: 'must be a path starting with a single /, with no scheme, host or spaces',
      });
    } else context[key] = text;
  }
  if (errors.length > 0) {
    throw invalid('invalid_context', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  }
  return context;
}
