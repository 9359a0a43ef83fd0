/*
 * IP literals and whether an address is on the public Internet: what the
 * server may connect to on a customer's behalf (custom sign-in mail). Pure
 * parsing, no Node `net` module (the domain imports nothing).
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): number[] | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p, i) => p <= 255 && !(m[i + 1]?.length !== 1 && m[i + 1]?.startsWith('0')))
    ? parts
    : null;
}

function parseIpv6(input: string): number[] | null {
  let text = input.replace(/%.*$/, '');
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return null;
  // An IPv4 tail (::ffff:192.0.2.1) becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = parseIpv4(tail[1]);
    if (!v4) return null;
    const [a, b, c, d] = v4 as [number, number, number, number];
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** An IP literal (IPv6 with or without brackets) as 4 or 16 bytes; null for anything else. */
export function parseIpLiteral(text: string): number[] | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1');
  return parseIpv4(bare) ?? parseIpv6(bare);
}

const inV4 = (b: readonly number[], prefix: readonly number[], bits: number) => {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    if (take === 0) break;
    const mask = (0xff << (8 - take)) & 0xff;
    if (((b[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
};

/** IPv4 ranges that are not the public Internet (RFC 6890 special-purpose registry, the ones that matter here). */
const V4_NOT_PUBLIC: readonly [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // shared address space (carrier-grade NAT)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata endpoints live here)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function v4IsPublic(b: readonly number[]): boolean {
  return !V4_NOT_PUBLIC.some(([prefix, bits]) => inV4(b, prefix, bits));
}

function v6IsPublic(b: readonly number[]): boolean {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 16)) return false; // :: unspecified
  if (zero(0, 15) && b[15] === 1) return false; // ::1 loopback
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4IsPublic(b.slice(12)); // IPv4-mapped
  if (zero(0, 12)) return false; // IPv4-compatible (deprecated)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12))
    return v4IsPublic(b.slice(12)); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return v4IsPublic(b.slice(2, 6)); // 6to4
  // Teredo (2001::/32) tunnels to an IPv4 address written inside it: where it leads is not what it says.
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return false;
  const first = b[0] ?? 0;
  if ((first & 0xfe) === 0xfc) return false; // fc00::/7 unique local
  if (first === 0xfe && ((b[1] ?? 0) & 0xc0) === 0x80) return false; // fe80::/10 link-local
  if (first === 0xfe && ((b[1] ?? 0) & 0xc0) === 0xc0) return false; // fec0::/10 site-local (deprecated)
  if (first === 0xff) return false; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return false; // documentation
  if (b[0] === 0x01 && zero(1, 8)) return false; // 100::/64 discard
  return true;
}

/**
 * Whether an address is publicly routable: not loopback, private, shared,
 * link-local, unique-local, unspecified, multicast, documentation or
 * reserved, including those written inside IPv6 (mapped, NAT64, 6to4), and
 * not a Teredo tunnel.
 * Anything that does not parse counts as not public.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = parseIpLiteral(address);
  if (!bytes) return false;
  return bytes.length === 4 ? v4IsPublic(bytes) : v6IsPublic(bytes);
}
