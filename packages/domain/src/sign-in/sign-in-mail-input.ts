import type { SealedValue } from '../ports/key-management.port';
import { type FieldError, invalid } from '../shared/domain-error';
import { parseIpLiteral } from '../shared/ip-address';
import { Limits } from '../shared/limits';
import { EMAIL_ADDRESS } from '../shared/text';
import {
  CUSTOM_MAIL_PORTS,
  type CustomMailPort,
  type CustomSignInMail,
  type SignInMail,
} from './sign-in-config';

/** The mail block of a PUT auth (spec, Mail block), in the domain's words; every field optional. */
export interface SignInMailInput {
  readonly mode?: string;
  readonly fromDisplayName?: string | null;
  readonly fromEmail?: string | null;
  readonly host?: string | null;
  readonly port?: number | null;
  readonly username?: string | null;
  /** Write-only. Absent: kept under the kept-password rule; null: removed. */
  readonly password?: string | null;
  readonly ssl?: boolean | null;
  readonly starttls?: boolean | null;
}

/** A custom server's settings once checked, before the password is sealed. */
export interface CustomMailDraft {
  readonly fromDisplayName: string | null;
  readonly fromEmail: string;
  /** Lowercase hostname, or an IP literal (IPv6 without brackets). */
  readonly host: string;
  readonly port: CustomMailPort;
  readonly username: string | null;
  readonly ssl: boolean;
  readonly starttls: boolean;
}

/**
 * What a mail block asks for:
 * - `platform`: the platform's sender and server; stored custom settings and password are deleted
 *   (spec, States: a block with no `host` and no `mode`, or `mode: platform`);
 * - `custom`: the whole stored block is replaced by `draft`; `password` as sent (absent: the
 *   kept-password rule decides).
 */
export type MailRequest =
  | { readonly kind: 'platform' }
  | {
      readonly kind: 'custom';
      readonly draft: CustomMailDraft;
      readonly password: string | null | undefined;
    };

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// Controls (C0 and C1) and every line break: these end up in headers and lists.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** A DNS name or an IP literal, lowercase, without brackets, port or trailing dot; null when neither. */
export function mailHostSyntax(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (host.length === 0 || host.length > Limits.domainMax) return null;
  // Only a whole IP literal passes as one: `127.0.0.1:25` is an address and a port.
  if (/^[0-9a-f:.]+$/.test(host) && (host.includes(':') || /^\d+\.\d+\.\d+\.\d+$/.test(host)))
    return parseIpLiteral(host) ? host : null;
  const labels = host.split('.');
  if (!labels.every((l) => HOST_LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return host;
}

/**
 * Spec, Sign-in email rule 1 and the Mail block: `custom` requires `host`,
 * `port` and `from_email`; the port is 25, 465, 587 or 2525. Every problem
 * is named at once (422 `invalid_mail_settings`). The host being public is
 * checked apart (it needs DNS).
 */
export function parseMailInput(input: SignInMailInput): MailRequest {
  if (input.mode !== undefined && input.mode !== 'platform' && input.mode !== 'custom')
    throw invalid('invalid_mail_settings', 'mail.mode must be platform or custom', [
      { field: 'mail.mode', message: 'must be platform or custom' },
    ]);
  const hostGiven = input.host !== undefined && input.host !== null;
  if (input.mode === 'platform' || (input.mode === undefined && !hostGiven)) return { kind: 'platform' };

  const errors: FieldError[] = [];
  const problem = (field: string, message: string) => errors.push({ field: `mail.${field}`, message });

  const host = typeof input.host === 'string' ? mailHostSyntax(input.host) : null;
  if (input.host == null) problem('host', 'required with mode custom');
  else if (host === null) problem('host', 'must be a host name or an IP address, without scheme or port');

  const port = input.port;
  if (port == null) problem('port', 'required with mode custom');
  else if (!(CUSTOM_MAIL_PORTS as readonly number[]).includes(port))
    problem('port', `must be one of ${CUSTOM_MAIL_PORTS.join(', ')}`);

  const fromEmail = input.fromEmail?.trim() ?? '';
  if (input.fromEmail == null) problem('from_email', 'required with mode custom');
  else if (fromEmail.length > Limits.mailEmailMax || !EMAIL_ADDRESS.test(fromEmail))
    problem('from_email', 'must be an email address');

  const fromDisplayName = input.fromDisplayName?.trim() || null;
  if (
    fromDisplayName !== null &&
    (fromDisplayName.length > Limits.mailDisplayNameMax || CONTROL.test(fromDisplayName))
  )
    problem(
      'from_display_name',
      `must be at most ${Limits.mailDisplayNameMax} characters, without control characters`,
    );

  const username = input.username?.trim() || null;
  if (username !== null && (username.length > Limits.mailUsernameMax || CONTROL.test(username)))
    problem('username', `must be at most ${Limits.mailUsernameMax} characters, without control characters`);

  if (
    typeof input.password === 'string' &&
    (input.password.length === 0 || input.password.length > Limits.mailPasswordMax)
  )
    problem('password', `must be 1 to ${Limits.mailPasswordMax} characters (null removes it)`);

  const ssl = input.ssl ?? port === 465;
  const starttls = input.starttls ?? false;
  if (ssl && starttls) problem('starttls', 'cannot be combined with ssl (TLS from the first byte)');

  if (errors.length > 0)
    throw invalid(
      'invalid_mail_settings',
      `the custom mail settings are invalid: ${errors.map((e) => e.field).join(', ')}`,
      errors,
    );
  return {
    kind: 'custom',
    draft: {
      fromDisplayName,
      fromEmail,
      host: host as string,
      port: port as CustomMailPort,
      username,
      ssl,
      starttls,
    },
    password: input.password,
  };
}

/**
 * Spec, Sign-in email rule 2: with `password` omitted, the saved one is
 * kept only for the same host and port, and only if neither SSL nor
 * STARTTLS is turned off (a password must not start travelling in the
 * clear to a server it was never sent to that way).
 */
export function keepsSavedPassword(current: SignInMail, next: CustomMailDraft): boolean {
  if (current.mode !== 'custom' || current.password === null) return false;
  return (
    current.host === next.host &&
    current.port === next.port &&
    !(current.ssl && !next.ssl) &&
    !(current.starttls && !next.starttls)
  );
}

/** The stored block after a custom request; `sealed` is the newly sent password, sealed (undefined: omitted). */
export function customMailOf(
  current: SignInMail,
  draft: CustomMailDraft,
  sealed: SealedValue | null | undefined,
): CustomSignInMail {
  const password =
    sealed !== undefined
      ? sealed
      : keepsSavedPassword(current, draft) && current.mode === 'custom'
        ? current.password
        : null;
  return { mode: 'custom', ...draft, password };
}

const MAIL_FIELDS = ['fromDisplayName', 'fromEmail', 'host', 'port', 'username', 'ssl', 'starttls'] as const;
const SEALED_FIELDS = ['keyId', 'wrappedKey', 'iv', 'ciphertext', 'tag'] as const;

/**
 * Whether two mail blocks say the same, field by field: a block read back
 * from the database lists its fields in another order than one built from a
 * request, so comparing their JSON would see a change in a PUT that sends
 * back what is stored.
 */
export function sameMail(a: SignInMail, b: SignInMail): boolean {
  if (a.mode !== b.mode) return false;
  if (a.mode === 'platform' || b.mode === 'platform') return true;
  if (!MAIL_FIELDS.every((field) => a[field] === b[field])) return false;
  if (a.password === null || b.password === null) return a.password === b.password;
  const [pa, pb] = [a.password, b.password];
  return SEALED_FIELDS.every((field) => pa[field] === pb[field]);
}
