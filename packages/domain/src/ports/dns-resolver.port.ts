/**
 * DNS lookups for domain verification. An answer tells "there is no such
 * record" (NXDOMAIN, or a name without records of the type) apart from
 * "the lookup failed" (SERVFAIL, refused, timed out), because the first
 * means the customer has not set the record yet and the second that nobody
 * can tell (supplement §8: `pending` versus `error`).
 */
export interface DnsResolver {
  /** Each TXT record as one string (its character-strings joined). */
  resolveTxt(name: string): Promise<DnsAnswer>;
  /** The CNAME targets of `name`, lowercase, without a trailing dot. */
  resolveCname(name: string): Promise<DnsAnswer>;
  /** The IPv4 and IPv6 addresses of `name` (CNAMEs followed). */
  resolveAddresses(name: string): Promise<DnsAnswer>;
}
export const DNS_RESOLVER = Symbol.for('gf.dns-resolver');

export type DnsAnswer =
  | { readonly status: 'found'; readonly values: readonly string[] }
  | { readonly status: 'not_found' }
  /** `reason` says how, for people: `SERVFAIL`, `timeout`, `refused`, … */
  | { readonly status: 'failed'; readonly reason: string };
