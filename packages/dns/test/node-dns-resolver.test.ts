import { createSocket } from 'node:dgram';
import { NodeDnsResolver } from '@groundfloor/dns';
import { startLoopbackDnsServer } from './support/loopback-dns-server';

describe('NodeDnsResolver failures', () => {
  it('reports a server that never answers as a timed-out lookup', async () => {
    const server = await startLoopbackDnsServer({ '_svc-verify.slow.example': 'timeout' });
    try {
      const dns = new NodeDnsResolver({ servers: [server.address], timeoutMs: 200, tries: 1 });
      expect(await dns.resolveTxt('_svc-verify.slow.example')).toEqual({
        status: 'failed',
        reason: 'timeout',
      });
    } finally {
      await server.close();
    }
  });

  it('reports a server nobody listens on as a failed lookup, not as a missing record', async () => {
    // A port that was free a moment ago: nothing answers there.
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    const dns = new NodeDnsResolver({ servers: [`127.0.0.1:${port}`], timeoutMs: 200, tries: 1 });
    expect((await dns.resolveTxt('_svc-verify.shop.example')).status).toBe('failed');
  });

  it('refuses a DNS_SERVERS entry that is not an address when built', () => {
    expect(() => new NodeDnsResolver({ servers: ['dns.example:53'] })).toThrow();
  });
});
