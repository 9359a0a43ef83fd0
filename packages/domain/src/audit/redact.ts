/** What replaces a removed value in audit details. */
export const REDACTED = '[redacted]';

// Keys whose values are secret by name: password, secret, token, key (api_key,
// private_key, …), value, authorization, credential(s), cookie.
const SECRET_KEY_NAME =
  /(pass(word)?|secret|token|(^|[_.-])key$|^key$|apikey|value|authorization|credential|cookie)/i;
// Strings that look like credentials whatever their key: bearer headers, JWTs,
// PEM blocks, URLs with a password, long unbroken high-entropy strings.
const CREDENTIAL_LOOKS = [
  /^bearer\s+\S+/i,
  /^basic\s+\S+/i,
  /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i,
  /^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9+/_=-]{32,}$/,
];

const looksLikeCredential = (value: string) => CREDENTIAL_LOOKS.some((pattern) => pattern.test(value));

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return looksLikeCredential(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') return redactDetails(value as Record<string, unknown>);
  return value;
}

/**
 * Removes values that look like secrets from audit details before they are
 * read or exported (spec: Events 1): values of keys named like secrets, and
 * strings shaped like credentials under any key, at any depth. Writers never
 * put secrets in details; this is the second line.
 */
export function redactDetails(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(details)) {
    out[name] = SECRET_KEY_NAME.test(name) && value !== null ? REDACTED : redactValue(value);
  }
  return out;
}
