import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether a DNS_SERVERS entry is one Node's resolver takes as meant: an IPv4
 * address with an optional port (`10.0.0.2`, `10.0.0.2:53`), an IPv6 address
 * (`::1`), or one in brackets with an optional port (`[::1]:5353`). The
 * resolver refuses host names only when it is first used, and it wraps a
 * port past 65535 silently (99999 becomes 34463) and aborts the process on
 * port 0, so all three are refused here, at start.
 */
export function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return isIPv6(bracketed[1] as string) && validPort(bracketed[2]);
  if (isIPv6(entry)) return true;
  const [address = '', port, ...rest] = entry.split(':');
  return rest.length === 0 && isIPv4(address) && validPort(port);
}

const validPort = (port: string | undefined): boolean =>
  port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
