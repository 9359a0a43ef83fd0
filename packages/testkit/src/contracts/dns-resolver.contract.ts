/// <reference types="jest" />
import type { DnsResolver } from '@groundfloor/domain';
import type { DnsZone } from '../fakes/in-memory-dns-resolver';
import type { ContractSubject } from './contract-subject';

/** The zone every `DnsResolver` subject answers from. */
export const CONTRACT_ZONE: DnsZone = {
  '_svc-verify.shop.example': { txt: [['svc-verify=abc123']] },
  '_svc-verify.many.example': {
    txt: [['v=spf1 -all'], ['svc-verify=', 'split-in-two'], ['svc-verify=other']],
  },
  'shop.example': { cname: 'Ingress.Platform.Example.' },
  'apex.example': { a: ['192.0.2.10'], aaaa: ['2001:db8::10'] },
  'ingress.platform.example': { a: ['192.0.2.10', '192.0.2.11'] },
  'www.apex.example': { cname: 'ingress.platform.example' },
  'broken.example': 'servfail',
  '_svc-verify.broken.example': 'servfail',
  'refusing.example': 'refused',
};

/**
 * What every `DnsResolver` must do (dns-resolver.port.ts). `open` builds a
 * subject that answers from the zone it is given: a fake reads it, the real
 * adapter asks a DNS server the test started on loopback.
 */
export function describeDnsResolverContract(
  label: string,
  open: (zone: DnsZone) => Promise<ContractSubject<DnsResolver>>,
): void {
  describe(`DNS resolver contract: ${label}`, () => {
    let opened: ContractSubject<DnsResolver> | undefined;
    const dns = (): DnsResolver => {
      if (!opened) throw new Error('the resolver did not open');
      return opened.subject;
    };
    beforeAll(async () => {
      opened = await open(CONTRACT_ZONE);
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('finds a TXT record', async () => {
      expect(await dns().resolveTxt('_svc-verify.shop.example')).toEqual({
        status: 'found',
        values: ['svc-verify=abc123'],
      });
    });

    it('finds every TXT record of a name, each with its character-strings joined', async () => {
      const answer = await dns().resolveTxt('_svc-verify.many.example');
      expect(answer.status).toBe('found');
      expect(answer.status === 'found' && [...answer.values].sort()).toEqual([
        'svc-verify=other',
        'svc-verify=split-in-two',
        'v=spf1 -all',
      ]);
    });

    it('tells a name that does not exist (NXDOMAIN) as not found', async () => {
      expect(await dns().resolveTxt('_svc-verify.nowhere.example')).toEqual({ status: 'not_found' });
      expect(await dns().resolveCname('nowhere.example')).toEqual({ status: 'not_found' });
      expect(await dns().resolveAddresses('nowhere.example')).toEqual({ status: 'not_found' });
    });

    it('tells a name without records of the type (NODATA) as not found', async () => {
      expect(await dns().resolveTxt('apex.example')).toEqual({ status: 'not_found' });
      expect(await dns().resolveCname('apex.example')).toEqual({ status: 'not_found' });
    });

    it('reports a server failure (SERVFAIL) as a failed lookup', async () => {
      expect(await dns().resolveTxt('_svc-verify.broken.example')).toEqual({
        status: 'failed',
        reason: 'SERVFAIL',
      });
      expect(await dns().resolveCname('broken.example')).toEqual({ status: 'failed', reason: 'SERVFAIL' });
      expect(await dns().resolveAddresses('broken.example')).toEqual({
        status: 'failed',
        reason: 'SERVFAIL',
      });
    });

    it('reports a refused query as a failed lookup', async () => {
      expect(await dns().resolveTxt('refusing.example')).toEqual({ status: 'failed', reason: 'REFUSED' });
    });

    it('gives CNAME targets in lowercase without the trailing dot', async () => {
      expect(await dns().resolveCname('shop.example')).toEqual({
        status: 'found',
        values: ['ingress.platform.example'],
      });
    });

    it('finds IPv4 and IPv6 addresses, following a CNAME', async () => {
      const apex = await dns().resolveAddresses('apex.example');
      expect(apex.status === 'found' && [...apex.values].sort()).toEqual(['192.0.2.10', '2001:db8::10']);
      const www = await dns().resolveAddresses('www.apex.example');
      expect(www.status === 'found' && [...www.values].sort()).toEqual(['192.0.2.10', '192.0.2.11']);
    });

    it('matches names whatever their letter case', async () => {
      expect(await dns().resolveTxt('_SVC-VERIFY.Shop.Example')).toEqual({
        status: 'found',
        values: ['svc-verify=abc123'],
      });
    });
  });
}
