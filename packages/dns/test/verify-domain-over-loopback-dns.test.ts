import { NodeDnsResolver } from '@groundfloor/dns';
import { createUseCases, type RequestContext } from '@groundfloor/domain';
import { type DnsZone, fakeDeps } from '@groundfloor/testkit';
import { type LoopbackDnsServer, startLoopbackDnsServer } from './support/loopback-dns-server';

/**
 * Domain verification end to end through the real resolver: the use case
 * on fakes, DNS from a server on loopback that this test starts.
 */
describe('verifying custom domains against a DNS server on loopback', () => {
  const zone: DnsZone = {};
  let server: LoopbackDnsServer | undefined;
  beforeAll(async () => {
    server = await startLoopbackDnsServer(zone);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function standaloneAppWith(domain: string) {
    const deps = fakeDeps({ customDomainTarget: 'ingress.platform.example' });
    const uc = createUseCases({
      ...deps,
      dns: new NodeDnsResolver({ servers: [server?.address as string], timeoutMs: 1000, tries: 1 }),
    });
    const created = await uc.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'free',
      ownerEmail: 'owner@acme.test',
      ownerPassword: 'owner password',
      ip: null,
    });
    const userId = created.ownerMembership.userId;
    const context: RequestContext = { actor: { kind: 'user', id: userId }, ip: null };
    const workspace = await uc.createWorkspace.execute({
      userId,
      organizationId: created.organization.id,
      name: 'Main',
      context,
    });
    const workload = await uc.workloads.create.execute({
      userId,
      workspaceId: workspace.id,
      name: 'api',
      kind: 'service',
      context,
    });
    const app = await uc.apps.create.execute({
      userId,
      workspaceId: workspace.id,
      name: 'Shop',
      slug: 'shop',
      appKind: 'standalone',
      primaryCoderunnerId: workload.id,
      context,
    });
    const added = await uc.domains.add.execute({
      userId,
      workspaceId: workspace.id,
      appId: app.id,
      domain,
      context,
    });
    const verify = () =>
      uc.domains.verify.execute({ userId, workspaceId: workspace.id, appId: app.id, domain, context });
    return { token: `svc-verify=${added.verificationToken}`, verify };
  }

  it('is pending while the TXT record does not exist (NXDOMAIN)', async () => {
    const { verify } = await standaloneAppWith('new.example.com');
    expect(await verify()).toMatchObject({ status: 'pending', verified: false });
  });

  it('is active once the TXT record matches and a CNAME points at cname_target', async () => {
    const { token, verify } = await standaloneAppWith('shop.example.com');
    zone['_svc-verify.shop.example.com'] = { txt: [[token]] };
    expect(await verify()).toMatchObject({ status: 'verified', verified: true });
    zone['shop.example.com'] = { cname: 'ingress.platform.example.' };
    expect(await verify()).toMatchObject({ status: 'active', verified: true });
  });

  it('is error when the server fails the lookup (SERVFAIL), and says so', async () => {
    const { verify } = await standaloneAppWith('broken.example.com');
    zone['_svc-verify.broken.example.com'] = 'servfail';
    const result = await verify();
    expect(result).toMatchObject({ status: 'error', verified: false });
    expect(result.detail).toContain('SERVFAIL');
  });
});
