import type { DnsZone } from '@groundfloor/testkit';
import type { DnsAnswer } from '../src';
import { aWorkload, createApp, seedApp } from './support/app-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  snapshot,
  team,
  type WorkspaceWorld,
} from './support/workspace-world';

/** A standalone app with its primary workload, through the use cases. */
async function aStandaloneApp(world: WorkspaceWorld, slug = 'shop') {
  const workload = await aWorkload(world);
  return createApp(world, { slug, appKind: 'standalone', primaryCoderunnerId: workload.id });
}

const add = (world: WorkspaceWorld, appId: string, domain: string, userId = world.ownerId) =>
  world.uc.domains.add.execute({
    userId,
    workspaceId: world.workspaceId,
    appId,
    domain,
    context: ctx(userId),
  });

const list = (world: WorkspaceWorld, appId: string) =>
  world.uc.domains.list.execute({ caller: team(world.ownerId), workspaceId: world.workspaceId, appId });

const verify = (world: WorkspaceWorld, appId: string, domain: string) =>
  world.uc.domains.verify.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    appId,
    domain,
    context: ctx(world.ownerId),
  });

const remove = (world: WorkspaceWorld, appId: string, domain: string) =>
  world.uc.domains.delete.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    appId,
    domain,
    context: ctx(world.ownerId),
  });

// fakeDeps' cname_target.
const TARGET = 'apps.control.test';

describe('adding custom domains (spec: Custom domains)', () => {
  it('adds a pending domain with the TXT record that proves ownership', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const app = await aStandaloneApp(world);
    const domain = await add(world, app.id, 'shop.example.com', writer);
    expect(domain).toMatchObject({
      appId: app.id,
      domain: 'shop.example.com',
      status: 'pending',
      lastCheckedAt: null,
      detail: null,
    });
    expect(domain.verificationToken.length).toBeGreaterThanOrEqual(32);
    expect(audited(world, 'app_domain.added')[0]).toMatchObject({
      target: { type: 'app_domain', id: domain.id },
      details: { domain: 'shop.example.com' },
    });
  });

  it('stores IDN in punycode and capitals in lowercase', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    expect((await add(world, app.id, 'Bücher.Example')).domain).toBe('xn--bcher-kva.example');
    expect((await add(world, app.id, '  WWW.Shop.Example  ')).domain).toBe('www.shop.example');
    expect((await add(world, app.id, 'ab--cd.example.com')).domain).toBe('ab--cd.example.com');
  });

  it('accepts legacy coderunner apps', async () => {
    const world = await aWorkspaceWorld();
    const legacy = await seedApp(world, { kind: 'coderunner' });
    await expect(add(world, legacy.id, 'legacy.example.com')).resolves.toMatchObject({ status: 'pending' });
  });

  it.each([
    'https://shop.example.com',
    'shop.example.com:443',
    'shop.example.com/path',
    'shop.example.com.',
    'localhost',
    'shop..example.com',
    '-shop.example.com',
    'shop_1.example.com',
    'xn--zz.example.com',
    '192.0.2.1',
    `${'a'.repeat(64)}.example.com`,
    `${'abcdefghi.'.repeat(25)}example.com`,
    'user@shop.example.com',
    '',
  ])('refuses %j with 422, writing nothing', async (input) => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    const before = snapshot(world);
    await expect(add(world, app.id, input)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_domain',
    });
    expect(snapshot(world)).toBe(before);
  });

  it('answers 409 for a domain any app of the platform has, in any letter case', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    const other = await aStandaloneApp(world, 'other');
    await add(world, app.id, 'shop.example.com');
    for (const [target, name] of [
      [app.id, 'shop.example.com'],
      [other.id, 'SHOP.example.com'],
    ] as const) {
      await expect(add(world, target, name)).rejects.toMatchObject({
        kind: 'conflict',
        code: 'domain_already_added',
      });
    }
  });

  it('answers 409 for a branded host: a custom sign-in host, the platform host, cname_target, or names under them', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    world.deps.uow.tables.brandedHosts.add('login.acme.example');
    for (const name of ['login.acme.example', 'control.test', 'evil.control.test', TARGET, `x.${TARGET}`]) {
      await expect(add(world, app.id, name)).rejects.toMatchObject({
        kind: 'conflict',
        code: 'domain_collides_with_branded_host',
      });
    }
  });

  it('answers 400 for shell apps and 410 for archived apps', async () => {
    const world = await aWorkspaceWorld();
    const shell = await createApp(world, { slug: 'portal' });
    const archived = await seedApp(world, { kind: 'standalone', status: 'archived' });
    await expect(add(world, shell.id, 'a.example.com')).rejects.toMatchObject({
      kind: 'malformed',
      code: 'app_kind_has_no_domains',
    });
    await expect(add(world, archived.id, 'a.example.com')).rejects.toMatchObject({
      kind: 'gone',
      code: 'app_archived',
    });
  });
});

describe('listing and deleting domains', () => {
  it('lists by name and deletes by any spelling of the name', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    await add(world, app.id, 'zeta.example.com');
    await add(world, app.id, 'bücher.example');
    await add(world, app.id, 'alpha.example.com');
    expect((await list(world, app.id)).map((d) => d.domain)).toEqual([
      'alpha.example.com',
      'xn--bcher-kva.example',
      'zeta.example.com',
    ]);
    await remove(world, app.id, 'BÜCHER.example');
    expect((await list(world, app.id)).map((d) => d.domain)).toEqual([
      'alpha.example.com',
      'zeta.example.com',
    ]);
    expect(audited(world, 'app_domain.deleted')[0]?.details).toMatchObject({
      domain: 'xn--bcher-kva.example',
    });
    await expect(remove(world, app.id, 'bücher.example')).rejects.toMatchObject({ code: 'domain_not_found' });
    await expect(remove(world, app.id, 'not a name')).rejects.toMatchObject({ code: 'domain_not_found' });
  });

  it('lets a deleted domain be added again, by any app', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    const other = await aStandaloneApp(world, 'other');
    await add(world, app.id, 'shop.example.com');
    await remove(world, app.id, 'shop.example.com');
    await expect(add(world, other.id, 'shop.example.com')).resolves.toMatchObject({ appId: other.id });
  });

  it('still deletes while the workspace is frozen, but adds nothing', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    await add(world, app.id, 'shop.example.com');
    await freeze(world);
    await expect(add(world, app.id, 'other.example.com')).rejects.toMatchObject({ code: 'workspace_frozen' });
    await expect(remove(world, app.id, 'shop.example.com')).resolves.toBeUndefined();
  });
});

describe('verifying domains (supplement §8)', () => {
  /** A world with one standalone app, `shop.example.com` added, and DNS answering from `zone(token)`. */
  async function withDns(zone: (record: { name: string; value: string }) => DnsZone) {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    const domain = await add(world, app.id, 'shop.example.com');
    world.deps.dns.zone = zone({
      name: '_svc-verify.shop.example.com',
      value: `svc-verify=${domain.verificationToken}`,
    });
    return { world, app };
  }
  const ingress = { [TARGET]: { a: ['192.0.2.10', '192.0.2.11'] } };

  it.each<[string, string, boolean, (r: { name: string; value: string }) => DnsZone]>([
    ['no TXT record yet', 'pending', false, () => ({})],
    [
      'a TXT record with another value',
      'pending',
      false,
      (r) => ({ [r.name]: { txt: [['svc-verify=someone-else']] } }),
    ],
    ['a TXT lookup that fails', 'error', false, (r) => ({ [r.name]: 'servfail' })],
    [
      'the TXT record and a CNAME at cname_target',
      'active',
      true,
      (r) => ({ [r.name]: { txt: [[r.value]] }, 'shop.example.com': { cname: TARGET } }),
    ],
    [
      'the TXT record and a CNAME elsewhere',
      'verified',
      true,
      (r) => ({ [r.name]: { txt: [[r.value]] }, 'shop.example.com': { cname: 'old-host.example.net' } }),
    ],
    ['the TXT record and no CNAME or address', 'verified', true, (r) => ({ [r.name]: { txt: [[r.value]] } })],
    [
      'the TXT record and an apex ALIAS answering with cname_target’s addresses',
      'active',
      true,
      (r) => ({ [r.name]: { txt: [[r.value]] }, 'shop.example.com': { a: ['192.0.2.11'] }, ...ingress }),
    ],
    [
      'the TXT record and addresses of another host',
      'verified',
      true,
      (r) => ({ [r.name]: { txt: [[r.value]] }, 'shop.example.com': { a: ['198.51.100.7'] }, ...ingress }),
    ],
    [
      'the TXT record and a CNAME lookup that fails',
      'error',
      false,
      (r) => ({ [r.name]: { txt: [[r.value]] }, 'shop.example.com': 'servfail' }),
    ],
  ])('with %s the domain is %s', async (_case, status, verified, zone) => {
    const { world, app } = await withDns(zone);
    world.deps.clock.advance(60);
    const result = await verify(world, app.id, 'shop.example.com');
    expect(result).toMatchObject({ domain: 'shop.example.com', status, verified });
    expect(result.detail.length).toBeGreaterThan(0);
    const [stored] = await list(world, app.id);
    expect(stored).toMatchObject({
      status,
      detail: result.detail,
      lastCheckedAt: new Date('2026-01-01T00:01:00.000Z'),
    });
    expect(audited(world, 'app_domain.checked')[0]?.details).toMatchObject({
      status,
      previous_status: 'pending',
    });
  });

  it('says in detail which lookup failed and how', async () => {
    const { world, app } = await withDns((r) => ({ [r.name]: 'timeout' }));
    const { detail } = await verify(world, app.id, 'shop.example.com');
    expect(detail).toContain('_svc-verify.shop.example.com');
    expect(detail).toContain('timeout');
  });

  it('says, without asking DNS, that a domain too long for its TXT record name cannot be verified', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    // 245 characters: accepted (at most 253), but `_svc-verify.` makes the record's name 257.
    const long = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}.com`;
    await add(world, app.id, long);
    world.deps.dns.zone = {};
    const result = await verify(world, app.id, long);
    expect(result).toMatchObject({ status: 'error', verified: false });
    expect(result.detail).toContain('longer than the 253 characters');
  });

  it('reads verifying while the lookups run', async () => {
    const { world, app } = await withDns(() => ({}));
    const seen: string[] = [];
    const dns = world.deps.dns;
    const resolveTxt = dns.resolveTxt.bind(dns);
    dns.resolveTxt = async (name: string): Promise<DnsAnswer> => {
      seen.push(...(await list(world, app.id)).map((d) => d.status));
      return resolveTxt(name);
    };
    await verify(world, app.id, 'shop.example.com');
    expect(seen).toEqual(['verifying']);
  });

  it('answers 404 when the domain was deleted while DNS was asked', async () => {
    const { world, app } = await withDns(() => ({}));
    const dns = world.deps.dns;
    const resolveTxt = dns.resolveTxt.bind(dns);
    dns.resolveTxt = async (name: string): Promise<DnsAnswer> => {
      await remove(world, app.id, 'shop.example.com');
      return resolveTxt(name);
    };
    await expect(verify(world, app.id, 'shop.example.com')).rejects.toMatchObject({
      code: 'domain_not_found',
    });
    expect(await list(world, app.id)).toEqual([]);
  });

  it('puts the status back when the check is refused meanwhile (frozen), instead of reading verifying for good', async () => {
    const { world, app } = await withDns(() => ({}));
    const before = (await list(world, app.id))[0]?.status;
    const dns = world.deps.dns;
    const resolveTxt = dns.resolveTxt.bind(dns);
    dns.resolveTxt = async (name: string): Promise<DnsAnswer> => {
      await freeze(world);
      return resolveTxt(name);
    };
    await expect(verify(world, app.id, 'shop.example.com')).rejects.toMatchObject({
      code: 'workspace_frozen',
    });
    expect((await list(world, app.id))[0]).toMatchObject({ status: before, lastCheckedAt: null });
  });

  it('answers 404 for a domain of another app', async () => {
    const { world } = await withDns(() => ({}));
    const other = await aStandaloneApp(world, 'other');
    await expect(verify(world, other.id, 'shop.example.com')).rejects.toMatchObject({
      code: 'domain_not_found',
    });
  });
});

describe('coderunner/public', () => {
  const get = (world: WorkspaceWorld, appId: string) =>
    world.uc.domains.getPublic.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId,
    });
  const put = (world: WorkspaceWorld, appId: string, value: unknown) =>
    world.uc.domains.putPublic.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId,
      public: value,
      context: ctx(world.ownerId),
    });

  it('is false until set, then reads what was put; an unchanged value is not audited again', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    expect(await get(world, app.id)).toEqual({ public: false });
    expect(await put(world, app.id, false)).toEqual({ public: false });
    expect(await put(world, app.id, true)).toEqual({ public: true });
    expect(await put(world, app.id, true)).toEqual({ public: true });
    expect(await get(world, app.id)).toEqual({ public: true });
    expect(audited(world, 'app.public_changed').map((e) => e.details)).toEqual([{ public: true }]);
  });

  it('refuses a value that is not a boolean, other kinds and archived apps', async () => {
    const world = await aWorkspaceWorld();
    const app = await aStandaloneApp(world);
    const shell = await createApp(world, { slug: 'portal' });
    const archived = await seedApp(world, { kind: 'standalone', status: 'archived' });
    await expect(put(world, app.id, 'yes')).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_public',
    });
    await expect(get(world, shell.id)).rejects.toMatchObject({ code: 'app_kind_has_no_domains' });
    await expect(put(world, archived.id, true)).rejects.toMatchObject({ code: 'app_archived' });
  });
});
