import { Resolver } from 'node:dns/promises';
import type { DnsAnswer, DnsResolver } from '@groundfloor/domain';

export interface NodeDnsResolverOptions {
  /** `DNS_SERVERS`: `ip`, `ip:port` or `[ipv6]:port`; empty uses the system's resolvers. */
  readonly servers: readonly string[];
  /** How long one query waits for an answer before it is sent again. */
  readonly timeoutMs?: number;
  /** How many times a query is sent before the lookup fails. */
  readonly tries?: number;
}

/** Answer codes that mean "no such record" rather than "no answer". */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA']);
/** How a failed lookup is described to people. */
const REASONS: Readonly<Record<string, string>> = {
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  ETIMEOUT: 'timeout',
  ECONNREFUSED: 'connection refused',
  EFORMERR: 'FORMERR',
  EBADRESP: 'bad response',
  ENOTIMP: 'NOTIMP',
};

/**
 * Lookups through Node's resolver (c-ares), asking `DNS_SERVERS` when set.
 * Each query waits `timeoutMs` and is sent `tries` times, so one lookup
 * takes at most their product; verification makes a few of them.
 */
export class NodeDnsResolver implements DnsResolver {
  private readonly resolver: Resolver;

  constructor(options: NodeDnsResolverOptions) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
    if (options.servers.length > 0) this.resolver.setServers([...options.servers]);
  }

  resolveTxt(name: string): Promise<DnsAnswer> {
    return answer(
      () => this.resolver.resolveTxt(name),
      (records) => records.map((chunks) => chunks.join('')),
    );
  }

  resolveCname(name: string): Promise<DnsAnswer> {
    return answer(
      () => this.resolver.resolveCname(name),
      (targets) => targets.map((t) => t.toLowerCase().replace(/\.$/, '')),
    );
  }

  async resolveAddresses(name: string): Promise<DnsAnswer> {
    const [v4, v6] = await Promise.all([
      answer(
        () => this.resolver.resolve4(name),
        (a) => a,
      ),
      answer(
        () => this.resolver.resolve6(name),
        (a) => a,
      ),
    ]);
    if (v4.status === 'failed') return v4;
    if (v6.status === 'failed') return v6;
    const values = [...(v4.status === 'found' ? v4.values : []), ...(v6.status === 'found' ? v6.values : [])];
    return values.length > 0 ? { status: 'found', values } : { status: 'not_found' };
  }
}

async function answer<T>(lookup: () => Promise<T[]>, values: (records: T[]) => string[]): Promise<DnsAnswer> {
  try {
    const found = values(await lookup());
    return found.length > 0 ? { status: 'found', values: found } : { status: 'not_found' };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
    if (NOT_FOUND.has(code)) return { status: 'not_found' };
    return { status: 'failed', reason: REASONS[code] ?? code };
  }
}
