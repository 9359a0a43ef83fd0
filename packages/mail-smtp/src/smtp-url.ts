/** Where and how to reach the platform mail server, read from `SMTP_URL`. */
export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  /** true: TLS from the first byte (`smtps://`); false: STARTTLS when the server offers it (`smtp://`). */
  readonly secure: boolean;
  readonly auth?: { readonly user: string; readonly pass: string };
}

const EXPECTED = 'expected smtp://user:pass@host:587 or smtps://user:pass@host:465';

// The messages never quote the value: it may hold the password. Even the part
// before "://" is not echoed, since `user:pass@host` parses with `user:` as scheme.
const invalid = (problem: string) => new Error(`SMTP_URL ${problem} (${EXPECTED})`);

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid('has a user name or password with a broken %-escape');
  }
}

/**
 * Parses `smtp://user:pass@host:587` (STARTTLS, default port 587) or
 * `smtps://user:pass@host:465` (implicit TLS, default port 465). Credentials are
 * optional and %-decoded. Throws an Error with a one-line message naming
 * SMTP_URL and never containing the credentials.
 */
export function parseSmtpUrl(value: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid('is not a valid URL; %-encode special characters in the user name and password');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw invalid('must start with smtp:// or smtps://');
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw invalid('has no host');
  if (url.pathname !== '' && url.pathname !== '/') {
    throw invalid('must not have a path; %-encode "/", "?", "#" and "@" in the user name and password');
  }
  if (url.search !== '' || url.hash !== '') {
    throw invalid('takes no query or fragment; %-encode "?" and "#" in the user name and password');
  }
  const port = url.port === '' ? (secure ? 465 : 587) : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid('has a port outside 1-65535');
  const user = decode(url.username);
  const pass = decode(url.password);
  if ((user === '') !== (pass === '')) throw invalid('needs both a user name and a password, or neither');
  return user ? { host, port, secure, auth: { user, pass } } : { host, port, secure };
}
