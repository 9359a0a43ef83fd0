import { NodeDnsResolver } from '@groundfloor/dns';
import { DNS_RESOLVER, type DnsResolver } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/** Domain verification lookups, through `DNS_SERVERS` when set. */
export const dnsModule = new ContainerModule(({ bind }) => {
  bind<DnsResolver>(DNS_RESOLVER)
    .toResolvedValue((config: Config) => new NodeDnsResolver({ servers: config.dnsServers }), [CONFIG])
    .inSingletonScope();
});
