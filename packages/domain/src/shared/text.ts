import { invalid } from './domain-error';
import { Limits } from './limits';

/** Length in characters (code points), as people count them: an emoji is one. */
export const characterCount = (value: string): number => [...value].length;

/**
 * Whether text breaks a line: CR, LF, and the other breaks Unicode names
 * (vertical tab, form feed, next line, the line and paragraph separators
 * U+2028 and U+2029), which an email header, a log line or a browser may
 * also end a line at.
 */
export const hasLineBreak = (text: string): boolean => /[\n\v\f\r\u0085\u2028\u2029]/.test(text);

/** A display name: trimmed, one line, 1 to 200 characters (code points). */
export function requireName(value: string, field = 'name'): string {
  const name = value.trim();
  const length = characterCount(name);
  if (length === 0 || length > Limits.nameMax || hasLineBreak(name)) {
    throw invalid('invalid_name', `${field} must be one line of 1 to ${Limits.nameMax} characters`, [
      { field, message: `must be one line of 1 to ${Limits.nameMax} characters` },
    ]);
  }
  return name;
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

// No characters that make a mail address list, group or route out of one
// address (`<x@evil.com>`, `a,b@evil.com`, `grp:b@evil.com;`): the address
// stored must be the one mail reaches.
export const EMAIL_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export function requireEmail(value: string, field = 'email'): string {
  const email = normalizeEmail(value);
  if (email.length > 254 || !EMAIL_ADDRESS.test(email)) {
    throw invalid('invalid_email', `${field} is not an email address`, [
      { field, message: 'not an email address' },
    ]);
  }
  return email;
}

/** 8 to 128 characters, counted as code points (an emoji is one character, as in the DTO check). */
export function requirePasswordPolicy(password: string, field = 'password'): void {
  const length = [...password].length;
  if (length < Limits.passwordMin || length > Limits.passwordMax) {
    throw invalid(
      'invalid_password',
      `${field} must be ${Limits.passwordMin} to ${Limits.passwordMax} characters`,
      [{ field, message: `must be ${Limits.passwordMin} to ${Limits.passwordMax} characters` }],
    );
  }
}

/** `a***@example.com` */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
