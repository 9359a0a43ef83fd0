import { REDACTION_PATTERNS, SECRET_PATTERNS } from '../src';
import { meterSearch } from './support/backtracking-meter';
import { SECRET_NEGATIVES, SECRET_POSITIVES } from './support/secret-samples';

/*
 * The detector reads customers' ticket text on the request thread, so its
 * patterns must run in linear time. Timing a regex in a test is flaky, so
 * these tests count work instead: `meterSearch` runs each pattern the way a
 * backtracking engine does and counts the characters it reads and the
 * backtracks it takes. Linear work doubles when the input doubles; the
 * quadratic patterns this replaced quadrupled.
 */

const PATTERNS = [...SECRET_PATTERNS, ...REDACTION_PATTERNS].map((p) => [String(p), p] as const);

/** Units repeated into hostile inputs: each makes some pattern start, read a long way, and fail. */
const HOSTILE_UNITS = [
  ...['a.', 'a-', 'a+', 'a:', 'a@', 'a://', 'http://a:', 'http://'], // URLs that never reach `user:pass@`
  ...['eyJ-', 'eyJaaaaaaa.', 'eyJabcdefgh.', 'eyJ'], // JWT shapes that never complete
  ...['a', 'Aa0', '0123456789abcdef', 'abcdefghijklmnopqrstuvwxyz01234 '], // base64url runs
  ...[' ', '\n', '"', "'", '<', '='], // separators
  ...['token ', 'password: ', 'secret=', 'api key is ', 'is '], // credential words with no value
  ...['a_', 'DB_PASSWORD', 'x_token_', 'PGPASSWORD ', 'aws_secret_access'], // names ending, or not, in one
  ...[
    '-----BEGIN A ',
    'Bearer ',
    'Bearer a',
    'Basic ',
    'Basic a',
    'Authorization: ',
    'Authorization: a ',
    'ghp_',
    'github_pat_',
    'sk-',
    'sk_live_',
    'AKIA',
    'AIza',
    'xoxb-',
  ], // provider prefixes
];

const hostile = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));

/** How much more work the pattern does on 2n characters than on n; linear is about 2. */
function growth(pattern: RegExp, unit: string, n = 1000): number {
  return meterSearch(pattern, hostile(unit, 2 * n)).steps / meterSearch(pattern, hostile(unit, n)).steps;
}

/** Every match V8 finds, in order, as a global search. */
function v8Matches(pattern: RegExp, text: string) {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  return [...text.matchAll(global)].map((m) => ({ index: m.index, text: m[0] }));
}

describe('secret detector and audit redaction: linear work', () => {
  it('the meter sees the quadratic URL pattern the detector used to have', () => {
    const old = /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i;
    expect(growth(old, 'a.')).toBeGreaterThan(3.5);
  });

  it('the meter sees the quadratic JWT pattern the detector used to have', () => {
    const old = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;
    expect(growth(old, 'eyJ-')).toBeGreaterThan(3.5);
  });

  it.each(PATTERNS)('%s: doubling any hostile input at most doubles the work', (_name, pattern) => {
    const superLinear = HOSTILE_UNITS.map((unit) => ({ unit, growth: growth(pattern, unit) })).filter(
      (g) => g.growth > 2.2,
    );
    expect(superLinear).toEqual([]);
  });

  // The meter counts honestly only if it matches as V8 does: same matches,
  // same places, on every sample and on short hostile inputs.
  const samples = [
    ...SECRET_POSITIVES,
    ...SECRET_NEGATIVES,
    ...HOSTILE_UNITS.map((unit) => `${hostile(unit, 60)} x`),
    'DATABASE_URL',
    'Basic dXNlcjpwYXNz',
    '3f2b8c1e-9a4d-4e6b-8c2f-1a2b3c4d5e6f',
    'private_key',
    'aaaaaa',
    '<redacted>',
  ];
  it.each(PATTERNS)('%s: the meter finds what V8 finds', (_name, pattern) => {
    for (const text of samples)
      expect([text, meterSearch(pattern, text).matches]).toEqual([text, v8Matches(pattern, text)]);
  });
});
