import { UUID } from '../shared/uuid';
import { looksLikeSecret } from '../ticket/secret-detector';

/** What replaces a removed value in audit details. */
export const REDACTED = '[redacted]';

// Keys whose values are secret by name: password, secret, token, key (api_key,
// private_key, …), value, authorization, credential(s), cookie.
const SECRET_KEY_NAME =
  /(pass(word)?|secret|token|(^|[_.-])key$|^key$|apikey|value|authorization|credential|cookie)/i;

// Whole values that are credentials by shape, beyond what the shared detector
// finds inside text: an Authorization header value, and any long unbroken
// letter-and-digit token (an API key need not look random to be one). A
// canonical UUID is an identifier, never a secret: details name users,
// scopes and environments by id and must stay readable.
const AUTH_HEADER = /^(bearer|basic)\s+\S+/i;
const LONG_TOKEN = /^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9+/_=-]{32,}$/;

/** The patterns redaction adds to the shared detector's, for the test that counts their work. */
export const REDACTION_PATTERNS: readonly RegExp[] = [SECRET_KEY_NAME, AUTH_HEADER, LONG_TOKEN, UUID];

/** One detector for tickets and audit: known credential shapes, `password=…` pairs, random tokens, PEM, JWT, URLs with a password. */
const looksLikeCredential = (value: string) =>
  looksLikeSecret(value) || AUTH_HEADER.test(value) || (LONG_TOKEN.test(value) && !UUID.test(value));

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return looksLikeCredential(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') return redactDetails(value as Record<string, unknown>);
  return value;
}

// What a value under a secret-named key may say and still be read: that a
// password was changed (`true`), that a client secret was `set` or `removed`.
const STATES = new Set(['set', 'removed', 'unchanged']);
const tellsNoSecret = (value: unknown) =>
  value === null || typeof value === 'boolean' || (typeof value === 'string' && STATES.has(value));

/**
 * Removes values that look like secrets from audit details before they are
 * read or exported (spec: Events 1): values of keys named like secrets, and
 * strings shaped like credentials under any key, at any depth. Writers never
 * put secrets in details; this is the second line.
 */
export function redactDetails(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(details)) {
    out[name] = SECRET_KEY_NAME.test(name) && !tellsNoSecret(value) ? REDACTED : redactValue(value);
  }
  return out;
}
