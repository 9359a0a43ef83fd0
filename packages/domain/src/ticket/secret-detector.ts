/*
 * Flags text that looks like it holds a credential, so the ticket answer can
 * warn (`possible_secret`). It never blocks: a false positive costs a
 * warning, a false negative costs nothing the customer did not already send.
 * The audit log's redaction (`audit/redact.ts`) uses the same detector.
 *
 * The text is the customer's, up to tens of kilobytes, and the detector runs
 * on the request's thread, so every pattern here runs in linear time. A
 * backtracking search goes quadratic when an attempt can read a long run,
 * fail, and the next attempt start inside that same run (the old
 * `\b[a-z][a-z0-9+.-]*://` read all of `a.a.a.…` from every `a`). So each
 * pattern that reads an unbounded run either starts only where that run
 * starts (a lookbehind on the run's own characters), or starts at a literal
 * that cannot occur inside the run it reads. `SECRET_PATTERNS` lists every
 * pattern, so a test can count the work each does on hostile input.
 */

/** Well-known credential shapes, by provider. */
const KNOWN_SHAPES: readonly RegExp[] = [
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/, // AWS access key id
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,}\b/, // GitHub fine-grained tokens
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/, // Slack
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/, // Stripe
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/, // OpenAI, Anthropic
  /\bAIza[0-9A-Za-z_-]{35}\b/, // Google API key
  /\bya29\.[0-9A-Za-z_-]{20,}/, // Google OAuth access token
  /\bglpat-[0-9A-Za-z_-]{20,}/, // GitLab personal access token
  /\bhf_[A-Za-z0-9]{30,}\b/, // Hugging Face
  /:\/\/[0-9a-f]{32,}@/i, // a key as a URL's user name (Sentry DSNs)
  /\bSG\.[0-9A-Za-z_-]{16,}\.[0-9A-Za-z_-]{16,}/, // SendGrid
  // Webhook URLs whose path is the credential (Slack, Discord).
  /\bhooks\.slack\.com\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+/,
  /\bdiscord(?:app)?\.com\/api\/webhooks\/[0-9]+\/[A-Za-z0-9_-]+/,
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/, // PEM private keys
  // A JWT: three base64url segments, the first two JSON objects (`eyJ` is
  // `{"`). It starts where its run of base64url characters starts (dashes
  // aside), so `eyJ-eyJ-eyJ-…` is read once, not once per `eyJ`.
  // An unsigned one (`alg: none`) ends at its second dot.
  /(?<![A-Za-z0-9_-])-*eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.(?:[A-Za-z0-9_-]{8,}|(?![A-Za-z0-9_-]))/,
  // A URL with a password (postgres://user:pass@host, redis://:pass@host).
  // The scheme is the whole run of scheme characters before `://` and holds
  // a letter; starting only where that run starts keeps `a.a.a.…` linear.
  /(?<![a-z0-9+.-])[0-9+.-]*[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i,
  /\bBearer\s+[A-Za-z0-9._~+/-]{20,}/, // an Authorization header's bearer token
  /\bBearer\s+(?=[A-Za-z0-9._~+/-]*[0-9])[A-Za-z0-9._~+/-]{12,}/, // a shorter one, with a digit (not English)
  // HTTP Basic credentials: base64 of `user:password`, with a digit, `+`, `/` or padding (not a word).
  /\bBasic\s+(?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{8,}={0,2}/,
  /\bAuthorization\s*:\s*[A-Za-z]+\s+\S{6,}/i, // a whole Authorization header line, whatever its scheme
];

/** Words that name a credential; longer names first, so `secret key` is read before `secret`. */
const KEY_WORD =
  '(?:client[_ -]?secret|secret[_ -]?key|private[_ -]?key|access[_ -]?key|api[_ -]?key|access[_ -]?token|auth[_ -]?token|refresh[_ -]?token|password|passwd|pwd|secret|token)';

/**
 * `password=…`, `secret: …`, `"api_key": "…"`, `my password is …`, `token …`:
 * group 1 is the separator, group 2 the value. An attempt starts at a
 * credential word and reads its own separator and value only.
 */
const PAIR = new RegExp(`\\b${KEY_WORD}["']?(\\s*[:=]\\s*|\\s+is\\s+|\\s+)["']?([^\\s"',;]+)`, 'gi');

const UPPER_KEY_WORD =
  '(?:CLIENT_?SECRET|SECRET_?KEY|PRIVATE_?KEY|ACCESS_?KEY|API_?KEY|ACCESS_?TOKEN|AUTH_?TOKEN|REFRESH_?TOKEN|PASSWORD|PASSWD|SECRET|TOKEN)';
const LOWER_KEY_WORD = UPPER_KEY_WORD.toLowerCase();

/**
 * A credential word ending a longer name, as environment variables and
 * configuration files write it: `DB_PASSWORD=…`, `PGPASSWORD=…`,
 * `GITHUB_TOKEN: …`, `aws_secret_access_key = …`. Upper case after a
 * prefix, or lower case joined by `_`; not camelCase (`nextToken =
 * response.nextToken` is code). Groups: 1 the upper-case credential word
 * or 2 the lower-case one, 3 the separator (`=` or `:`), 4 the value. An
 * attempt starts only where a run of name characters starts.
 */
const NAMED_PAIR = new RegExp(
  `(?<![A-Za-z0-9_])(?:[A-Z0-9_]+?(${UPPER_KEY_WORD})|[a-z0-9_]*?_(${LOWER_KEY_WORD}))["']?(\\s*[:=]\\s*)["']?([^\\s"',;]+)`,
  'g',
);

/** Settings, not secrets: `SHOW_PASSWORD=true`, `LAST_TOKEN=none`. */
const SETTING_VALUE = /^(?:true|false|yes|no|on|off|none|null|nil|undefined)$/i;
/** References and placeholders: `$DB_PASSWORD`, `${X}`, `` `cat f` ``, `<your token>`, `[redacted]`, `%X%`. */
const REFERENCE = /^[$`<[{%]/;
/** Code that reads the value from elsewhere: `request.cookies.get(…)`, `process.env.X`. */
const MEMBER_ACCESS = /^[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$.]*(?:\(|$)/;
const DIGITS = /^[0-9]+$/;

/** Whether the value of a named pair is one: as after a bare credential word, minus references, code and settings. */
function namedPairHoldsValue(word: string, separator: string, value: string): boolean {
  if (REFERENCE.test(value) || SETTING_VALUE.test(value) || MEMBER_ACCESS.test(value)) return false;
  // A count, not a credential: `MAX_TOKEN=4096`.
  if (DIGITS.test(value) && /token$/i.test(word)) return false;
  return pairHoldsValue(separator, value);
}

/** Long unbroken runs of token characters, to be weighed for randomness. */
const TOKEN = /[A-Za-z0-9+/_=-]{24,}/g;

const ONE_CHARACTER_REPEATED = /^(.)\1*$/;
const IN_ANGLE_BRACKETS = /^<.*>$/;
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;
const THE_WORD_IS = /\bis\b/i;
const DIGIT = /[0-9]/;
const LETTER = /[A-Za-z]/;
const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;

/** Every pattern the detector runs over text, for the test that counts their work. */
export const SECRET_PATTERNS: readonly RegExp[] = [
  ...KNOWN_SHAPES,
  PAIR,
  NAMED_PAIR,
  SETTING_VALUE,
  REFERENCE,
  MEMBER_ACCESS,
  DIGITS,
  TOKEN,
  ONE_CHARACTER_REPEATED,
  IN_ANGLE_BRACKETS,
  PLAIN_WORD,
  THE_WORD_IS,
  DIGIT,
  LETTER,
  LOWER,
  UPPER,
];

const placeholder = (value: string) => ONE_CHARACTER_REPEATED.test(value) || IN_ANGLE_BRACKETS.test(value);

/** A plain word ("password: forgotten") or a placeholder is not a value. */
const looksLikeValue = (value: string) => value.length >= 6 && !PLAIN_WORD.test(value) && !placeholder(value);

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Long random-looking strings: upper, lower and digits mixed, ≥ 4 bits of entropy per character. */
const highEntropy = (token: string) =>
  LOWER.test(token) && UPPER.test(token) && DIGIT.test(token) && shannonEntropy(token) >= 4.0;

/** 0 digit, 1 lower case, 2 upper case, 3 anything else. */
function characterClass(code: number): number {
  if (code >= 48 && code <= 57) return 0;
  if (code >= 97 && code <= 122) return 1;
  if (code >= 65 && code <= 90) return 2;
  return 3;
}

/** How often the kind of character changes from one to the next. */
function classChanges(token: string): number {
  let changes = 0;
  for (let i = 1; i < token.length; i++) {
    if (characterClass(token.charCodeAt(i)) !== characterClass(token.charCodeAt(i - 1))) changes++;
  }
  return changes;
}

/**
 * A token of 32 or more characters is weighed by its entropy alone. A
 * shorter one (24 to 31) must also change between digits, lower and upper
 * case at least every third character, as random text does: a name such as
 * `MyServiceProductionEast2025` has as much entropy but changes rarely.
 */
const randomLooking = (token: string) =>
  highEntropy(token) && (token.length >= 32 || classChanges(token) * 3 >= token.length);

/**
 * Whether the value after a credential word is one: after `=` almost
 * anything is (`password=hunter`); after `:` or "is" not a plain word ("my
 * password is expired"); after a bare space only a long letter-and-digit
 * string ("token 3f9a…"), since prose puts words there.
 */
function pairHoldsValue(separator: string, value: string): boolean {
  if (separator.includes('=')) return value.length >= 4 && !placeholder(value);
  if (separator.includes(':') || THE_WORD_IS.test(separator)) return looksLikeValue(value);
  return value.length >= 12 && DIGIT.test(value) && LETTER.test(value) && !placeholder(value);
}

export function looksLikeSecret(text: string): boolean {
  if (KNOWN_SHAPES.some((re) => re.test(text))) return true;
  // Matches of one global pattern do not overlap, so weighing each is linear too.
  for (const match of text.matchAll(PAIR)) {
    if (pairHoldsValue(match[1] ?? '', match[2] ?? '')) return true;
  }
  for (const match of text.matchAll(NAMED_PAIR)) {
    if (namedPairHoldsValue(match[1] ?? match[2] ?? '', match[3] ?? '', match[4] ?? '')) return true;
  }
  for (const match of text.matchAll(TOKEN)) {
    if (randomLooking(match[0])) return true;
  }
  return false;
}
