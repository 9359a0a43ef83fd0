/**
 * The part of a client address that a per-address limit counts. IPv4
 * addresses (also written IPv4-mapped, `::ffff:192.0.2.1`) count whole; IPv6
 * addresses count by their /64 network, because one customer line is
 * routinely given a whole /64 and could otherwise move to a fresh address
 * for every request. Anything unparseable counts as itself; no address at
 * all counts as `unknown`.
 */
export function addressBucket(ip: string | null): string {
  if (ip === null || ip.trim() === '') return 'unknown';
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const network = ipv6Network(address.replace(/%.*$/, ''));
  return network === null ? address : `${network}::/64`;
}

/** The first four groups of an IPv6 address, without leading zeros; null if it is not one. */
function ipv6Network(address: string): string | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) fills two groups.
  const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const missing = 8 - width(head) - width(tail);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const first = all.slice(0, 4);
  if (!first.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return first.map((g) => Number.parseInt(g, 16).toString(16)).join(':');
}
