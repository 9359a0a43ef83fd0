// RFC 3492 (Punycode) encoding, as IDNA uses it for one label.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** 0..25 are `a`..`z`, 26..35 are `0`..`9`. */
const digit = (d: number) => String.fromCharCode(d < 26 ? 97 + d : 22 + d);

/** The Punycode form of one label (without the `xn--` prefix). */
export function punycodeEncode(label: string): string {
  const points = Array.from(label, (c) => c.codePointAt(0) as number);
  const basic = points.filter((p) => p < INITIAL_N);
  let output = String.fromCharCode(...basic);
  const b = basic.length;
  if (b > 0) output += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let h = b;
  while (h < points.length) {
    const m = Math.min(...points.filter((p) => p >= n));
    delta += (m - n) * (h + 1);
    n = m;
    for (const p of points) {
      if (p < n) delta += 1;
      if (p !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digit(q);
      bias = adapt(delta, h + 1, h === b);
      delta = 0;
      h += 1;
    }
    delta += 1;
    n += 1;
  }
  return output;
}

const MAX_INT = 0x7fffffff;

/** 0..25 from `a`..`z` (either case), 26..35 from `0`..`9`; -1 for anything else. */
function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 22;
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 97;
  return -1;
}

/** The label a Punycode string (without `xn--`) stands for; null when it is not valid Punycode. */
export function punycodeDecode(input: string): string | null {
  const output: number[] = [];
  const delimiter = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= INITIAL_N) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const d = digitValue(input.charCodeAt(index++));
      if (d < 0 || d > Math.floor((MAX_INT - i) / w)) return null;
      i += d * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (d < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
