import { describeDnsResolverContract, InMemoryDnsResolver } from '@groundfloor/testkit';

describeDnsResolverContract('in-memory', async (zone) => ({
  subject: new InMemoryDnsResolver(zone),
  close: async () => {},
}));
