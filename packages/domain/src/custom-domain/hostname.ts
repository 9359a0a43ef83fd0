import { invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';
import { punycodeDecode, punycodeEncode } from './punycode';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// The three full stops IDNA treats as dots (ideographic, fullwidth, halfwidth).
const IDN_DOTS = /[\u3002\uff0e\uff61]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
const NOT_A_BARE_HOST = /[/:@?#\\\s\u0000-\u001f\u007f]/;

// UTS #46 "ignored" code points, mapped to nothing as browsers map them: the soft hyphen, the
// zero-width space, word joiners, variation selectors, the byte order mark.
const IGNORED_SOURCE =
  /\u00ad|\u034f|[\u180b-\u180d]|\u180f|\u200b|\u2060|\u2064|[\ufe00-\ufe0f]|\ufeff|[\u{1bca0}-\u{1bca3}]|[\u{e0100}-\u{e01ef}]/u
    .source;
const IDNA_IGNORED = new RegExp(IGNORED_SOURCE, 'gu');
const HAS_IGNORED = new RegExp(IGNORED_SOURCE, 'u');
// What is still invisible, a format control (direction marks, the Mongolian vowel
// separator), unassigned or private use: browsers refuse a host that holds it. The
// zero-width joiner and non-joiner are judged by their context (joinersInContext).
const IDNA_DISALLOWED = /(?![\u200c\u200d])[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cn}\p{Co}\p{Cs}]/u;

// Viramas (combining class 9) of the scripts in use: after one, IDNA allows either joiner.
const VIRAMA =
  /[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d3b\u0d3c\u0d4d\u0dca\u0e3a\u0eba\u0f84\u1039\u103a\u1714\u1715\u1734\u17d2\u1a60\u1b44\u1baa\u1bab\u1bf2\u1bf3\u2d7f\ua806\ua82c\ua8c4\ua953\ua9c0\uaaf6\uabed\u{10a3f}\u{11046}\u{11070}\u{1107f}\u{110b9}\u{11133}\u{11134}\u{111c0}\u{11235}\u{112ea}\u{1134d}\u{11442}\u{114c2}\u{115bf}\u{1163f}\u{116b6}\u{1172b}\u{11839}\u{1193d}\u{1193e}\u{119e0}\u{11a34}\u{11a47}\u{11a99}\u{11c3f}\u{11d44}\u{11d45}\u{11d97}]/u;
// Letters of the joining scripts, between which the non-joiner keeps two letters apart (Persian).
const JOINING_LETTER =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Manichaean}\p{Script=Psalter_Pahlavi}\p{Script=Phags_Pa}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;

/**
 * IDNA's context rules for the joiners (RFC 5892, CONTEXTJ), in short: the
 * joiner only right after a virama; the non-joiner after a virama or
 * between two letters of a joining script. Elsewhere (Latin, a label's
 * edge) browsers refuse them, and so does this.
 */
function joinersInContext(text: string): boolean {
  const points = [...text];
  return points.every((c, i) => {
    if (c !== '\u200c' && c !== '\u200d') return true;
    const before = points[i - 1] ?? '';
    if (VIRAMA.test(before)) return true;
    if (c === '\u200d') return false;
    const after = points[i + 1] ?? '';
    return (
      JOINING_LETTER.test(before) &&
      LETTER_OR_MARK.test(before) &&
      JOINING_LETTER.test(after) &&
      LETTER_OR_MARK.test(after)
    );
  });
}

const isAscii = (text: string) => [...text].every((c) => (c.codePointAt(0) as number) < 0x80);
// C0 and C1 controls, spaces and what the bare-host check refuses: never part of a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
const NOT_IN_A_LABEL = /[\u0000-\u001f\u007f-\u00a0/:@?#\\\s.\u3002\uff0e\uff61]/;

/**
 * Whether an `xn--` label's Punycode stands for a name as this mapping
 * would have encoded it: valid Punycode of a label with non-ASCII letters,
 * already in the mapped form (NFKC, lowercase), encoding back to itself.
 * Held to what Node's WHATWG URL accepts for the common cases (`xn--a` is
 * refused, like there); a label such as `ab--c` is ordinary LDH, as there.
 */
function isPunycodeLabel(encoded: string): boolean {
  const decoded = punycodeDecode(encoded);
  if (decoded === null || decoded.length === 0 || isAscii(decoded) || NOT_IN_A_LABEL.test(decoded))
    return false;
  // What the Unicode form is refused for, or would have lost, the Punycode form may not carry.
  if (HAS_IGNORED.test(decoded) || IDNA_DISALLOWED.test(decoded) || !joinersInContext(decoded)) return false;
  return decoded.normalize('NFKC').toLowerCase() === decoded && punycodeEncode(decoded) === encoded;
}

const refuse = (why: string) =>
  invalid('invalid_domain', `domain ${why}`, [{ field: 'domain', message: why }]);

/**
 * Supplement §8: a bare hostname as lowercase ASCII, IDN labels in
 * punycode (`xn--`), at least two labels, no scheme, port, path or
 * trailing dot, at most 253 characters. Unicode input is mapped as IDNA
 * does for ordinary names (compatibility normalisation, lowercase, the
 * ideographic full stops as dots, the invisible code points it ignores
 * dropped, and those it disallows refused) before each non-ASCII label is encoded.
 */
export function requireHostname(input: string): string {
  const value = input.trim();
  if (value.length === 0 || value.length > Limits.domainMax)
    throw refuse(`must be 1 to ${Limits.domainMax} characters`);
  const visible = value.replace(IDNA_IGNORED, '');
  if (NOT_A_BARE_HOST.test(visible)) throw refuse('must be a bare hostname: no scheme, port, path or spaces');
  if (IDNA_DISALLOWED.test(visible) || !joinersInContext(visible))
    throw refuse('must not hold invisible, format, unassigned or private-use characters');
  const mapped = visible.normalize('NFKC').toLowerCase().replace(IDN_DOTS, '.');
  if (mapped.endsWith('.')) throw refuse('must not end with a dot');
  const labels = mapped.split('.').map((label) => (isAscii(label) ? label : `xn--${punycodeEncode(label)}`));
  if (labels.length < 2) throw refuse('needs at least two labels, such as app.example.com');
  for (const label of labels) {
    if (!LABEL.test(label))
      throw refuse('labels are 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen');
    if (label.startsWith('xn--') && !isPunycodeLabel(label.slice(4)))
      throw refuse(`${label} is not a valid internationalized (xn--) label`);
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1] as string)) throw refuse('must be a name, not an IP address');
  const hostname = labels.join('.');
  if (hostname.length > Limits.domainMax) throw refuse(`must be at most ${Limits.domainMax} characters`);
  return hostname;
}

/** Whether `hostname` is `host` or a name under it. */
export function isSameOrSubdomain(hostname: string, host: string): boolean {
  return hostname === host || hostname.endsWith(`.${host}`);
}

/** The lowercase host of an absolute URL such as `PUBLIC_BASE_URL` (no port, no brackets). */
export function hostOfUrl(url: string): string {
  const authority = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return (host.startsWith('[') ? host.slice(1, host.indexOf(']')) : (host.split(':')[0] ?? '')).toLowerCase();
}
