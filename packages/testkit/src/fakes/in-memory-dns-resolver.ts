import type { DnsAnswer, DnsResolver } from '@groundfloor/domain';

/**
 * The records of one name: TXT records (each a list of character-strings),
 * a CNAME, addresses. Or how the name's lookups fail.
 */
export type DnsZoneEntry =
  | {
      readonly txt?: readonly (readonly string[])[];
      readonly cname?: string;
      readonly a?: readonly string[];
      readonly aaaa?: readonly string[];
    }
  | 'servfail'
  | 'refused'
  | 'timeout';

/** Names (lowercase, no trailing dot) to their records; a name not listed does not exist (NXDOMAIN). */
export type DnsZone = Record<string, DnsZoneEntry>;

const FAILURE_REASONS = { servfail: 'SERVFAIL', refused: 'REFUSED', timeout: 'timeout' } as const;

/** Answers from `zone`, which tests may change between lookups. */
export class InMemoryDnsResolver implements DnsResolver {
  readonly lookups: string[] = [];
  constructor(public zone: DnsZone = {}) {}

  async resolveTxt(name: string): Promise<DnsAnswer> {
    return this.answer(name, 'TXT', (e) => (e.txt ?? []).map((chunks) => chunks.join('')));
  }

  async resolveCname(name: string): Promise<DnsAnswer> {
    return this.answer(name, 'CNAME', (e) => (e.cname ? [e.cname.toLowerCase().replace(/\.$/, '')] : []));
  }

  async resolveAddresses(name: string): Promise<DnsAnswer> {
    return this.answer(name, 'A/AAAA', (e) => {
      const target = e.cname ? this.zone[e.cname.toLowerCase().replace(/\.$/, '')] : undefined;
      const own = [...(e.a ?? []), ...(e.aaaa ?? [])];
      if (own.length > 0 || typeof target !== 'object') return own;
      return [...(target.a ?? []), ...(target.aaaa ?? [])];
    });
  }

  private answer(
    name: string,
    type: string,
    values: (entry: Exclude<DnsZoneEntry, string>) => string[],
  ): DnsAnswer {
    this.lookups.push(`${type} ${name}`);
    const entry = this.zone[name.toLowerCase()];
    if (entry === undefined) return { status: 'not_found' };
    if (typeof entry === 'string') return { status: 'failed', reason: FAILURE_REASONS[entry] };
    const found = values(entry);
    return found.length > 0 ? { status: 'found', values: found } : { status: 'not_found' };
  }
}
