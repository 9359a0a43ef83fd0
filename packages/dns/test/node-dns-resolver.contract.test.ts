import { NodeDnsResolver } from '@groundfloor/dns';
import { describeDnsResolverContract } from '@groundfloor/testkit';
import { startLoopbackDnsServer } from './support/loopback-dns-server';

describeDnsResolverContract('node:dns against a DNS server on loopback', async (zone) => {
  const server = await startLoopbackDnsServer(zone);
  return {
    subject: new NodeDnsResolver({ servers: [server.address], timeoutMs: 1000, tries: 1 }),
    close: () => server.close(),
  };
});
