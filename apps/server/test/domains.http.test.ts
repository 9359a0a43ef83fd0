import { domainToASCII } from 'node:url';
import type { DnsZone } from '@groundfloor/testkit';
import {
  type LoopbackDnsServer,
  startLoopbackDnsServer,
} from '../../../packages/dns/test/support/loopback-dns-server';
import { operator } from './support/api';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

const PUBLIC_BASE_URL = 'https://api.platform.test';
const CNAME_TARGET = 'ingress.platform.test';

/*
 * Custom domains over HTTP, verified against a real DNS server on loopback
 * that this suite starts and names in DNS_SERVERS: the records a customer
 * publishes are entries of `zone`, changed between checks.
 */
// Archive and DNS handling do not depend on the database: the embedded one is enough.
describe.each(['pglite'] as const)('custom domains on %s', (kind) => {
  const zone: DnsZone = {};
  let dns: LoopbackDnsServer;
  let t: TestServer;
  beforeAll(async () => {
    dns = await startLoopbackDnsServer(zone);
    t = await startTestServer(kind, {
      PUBLIC_BASE_URL,
      DOMAIN_CNAME_TARGET: CNAME_TARGET,
      DNS_SERVERS: dns.address,
    });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  let counter = 0;
  /** A name no other test uses (the platform-wide uniqueness would otherwise join them). */
  const fresh = (label = 'shop') => `${label}-${++counter}-${kind}.example.com`;

  async function domainWorld() {
    const w = await workspaceWithOwner(t);
    const apps = await appSeeder(t, await userIdOf(t, w.owner.email), w.workspaceId);
    const app = await apps.standaloneApp();
    return { ...w, apps, app, routes: domainRoutes(w.auth, w.workspaceId, app.id) };
  }

  function domainRoutes(auth: Record<string, string>, workspaceId: string, appId: string) {
    const base = `/v1/workspaces/${workspaceId}/apps/${appId}/coderunner`;
    const named = (domain: string) => `${base}/domains/${encodeURIComponent(domain)}`;
    return {
      add: (domain: unknown) => t.http.post(`${base}/domains`).set(auth).send({ domain }),
      list: () => t.http.get(`${base}/domains`).set(auth),
      remove: (domain: string) => t.http.delete(named(domain)).set(auth),
      verify: (domain: string) => t.http.post(`${named(domain)}/verify`).set(auth),
      getPublic: () => t.http.get(`${base}/public`).set(auth),
      putPublic: (body: object) => t.http.put(`${base}/public`).set(auth).send(body),
    };
  }

  describe('adding', () => {
    it('answers 201 with the domain pending and the records to publish', async () => {
      const { routes } = await domainWorld();
      const name = fresh();
      const res = await routes.add(`  ${name.toUpperCase()}  `).expect(201);
      expect(res.body).toEqual({
        domain: name,
        status: 'pending',
        cname_target: CNAME_TARGET,
        verification_record: {
          type: 'TXT',
          name: `_svc-verify.${name}`,
          value: expect.stringMatching(/^svc-verify=\S{16,}$/),
        },
        last_checked_at: null,
        detail: null,
      });
      expect((await routes.list().expect(200)).body).toEqual({ domains: [res.body] });
    });

    it('stores Unicode names as punycode, and finds them written either way', async () => {
      const { routes } = await domainWorld();
      const res = await routes.add(`Bücher-${kind}.Example`).expect(201);
      expect(res.body.domain).toMatch(/^xn--/);
      expect(res.body.domain).toBe(domainToASCII(`bücher-${kind}.example`));
      await routes.add(res.body.domain).expect(409, /domain_already_added/);
      await routes.remove(`bücher-${kind}.example`).expect(204);
      expect((await routes.list().expect(200)).body.domains).toEqual([]);
    });

    it('refuses what is not a bare hostname (422 invalid_domain)', async () => {
      const { routes } = await domainWorld();
      const label = (n: number) => 'a'.repeat(n);
      const bad = [
        'https://shop.example.com',
        'shop.example.com:443',
        'shop.example.com/path',
        'shop.example.com.',
        'localhost',
        '10.0.0.1',
        'shop_1.example.com',
        '-shop.example.com',
        `${label(64)}.example.com`,
        // 254 characters.
        [label(63), label(63), label(63), label(62)].join('.'),
        'shop example.com',
        '',
      ];
      for (const domain of bad) {
        const res = await routes.add(domain).expect(422);
        expect({ domain, code: res.body.code }).toEqual({ domain, code: 'invalid_domain' });
      }
      // 253 characters is the most.
      await routes
        .add([label(63), label(63), `${kind}${label(63 - kind.length)}`, label(61)].join('.'))
        .expect(201);
      await routes.add(42).expect(422, /validation_failed/);
      await routes.add(undefined).expect(422, /validation_failed/);
      expect((await routes.list().expect(200)).body.domains).toHaveLength(1);
    });

    it('gives a domain to one app on the whole platform (409)', async () => {
      const first = await domainWorld();
      const second = await domainWorld();
      const name = fresh();
      await first.routes.add(name).expect(201);
      await first.routes.add(name).expect(409, /domain_already_added/);
      const elsewhere = await second.routes.add(name.toUpperCase()).expect(409);
      expect(elsewhere.body.code).toBe('domain_already_added');
      // Once removed, it is free again.
      await first.routes.remove(name).expect(204);
      await second.routes.add(name).expect(201);
    });

    it("refuses the platform's own hosts and names under them (409)", async () => {
      const { routes } = await domainWorld();
      for (const domain of ['api.platform.test', 'x.api.platform.test', CNAME_TARGET, `eu.${CNAME_TARGET}`]) {
        const res = await routes.add(domain).expect(409);
        expect({ domain, code: res.body.code }).toEqual({
          domain,
          code: 'domain_collides_with_branded_host',
        });
      }
      await routes.add(`shop.platform.test`).expect(201);
    });
  });

  describe('which apps have domains', () => {
    it('takes standalone and legacy coderunner apps; 400 for shell apps on every domain route', async () => {
      const { apps, auth, workspaceId } = await domainWorld();
      const legacy = domainRoutes(auth, workspaceId, (await apps.legacyCoderunnerApp()).id);
      await legacy.add(fresh('legacy')).expect(201);
      await legacy.putPublic({ public: true }).expect(200);

      const shell = domainRoutes(auth, workspaceId, (await apps.shellApp()).id);
      for (const call of [
        shell.add(fresh()),
        shell.list(),
        shell.remove('shop.example.com'),
        shell.verify('shop.example.com'),
        shell.getPublic(),
        shell.putPublic({ public: true }),
      ]) {
        const res = await call.expect(400);
        expect(res.body.code).toBe('app_kind_has_no_domains');
      }
    });

    it('answers 410 on every domain route of an archived app, until it is restored', async () => {
      const { routes, apps, app } = await domainWorld();
      const name = fresh();
      await routes.add(name).expect(201);
      await apps.archive(app.id);
      for (const call of [
        routes.add(fresh()),
        routes.list(),
        routes.remove(name),
        routes.verify(name),
        routes.getPublic(),
        routes.putPublic({ public: true }),
      ]) {
        const res = await call.expect(410);
        expect(res.body.code).toBe('app_archived');
      }
      await apps.restore(app.id);
      expect((await routes.list().expect(200)).body.domains).toHaveLength(1);
    });

    it('answers 404 for an app of another workspace and for a domain the app does not have', async () => {
      const mine = await domainWorld();
      const theirs = await domainWorld();
      const name = fresh();
      await theirs.routes.add(name).expect(201);
      const crossed = domainRoutes(mine.auth, mine.workspaceId, theirs.app.id);
      await crossed.list().expect(404, /app_not_found/);
      await crossed.remove(name).expect(404, /app_not_found/);
      await mine.routes.remove(name).expect(404, /domain_not_found/);
      await mine.routes.verify(name).expect(404, /domain_not_found/);
      await mine.routes.remove('not a hostname').expect(404, /domain_not_found/);
    });
  });

  describe('deleting', () => {
    it('answers 204 and then 404; it stays allowed while adding and verifying are frozen', async () => {
      const { routes, workspaceId } = await domainWorld();
      const kept = fresh();
      const removed = fresh();
      await routes.add(kept).expect(201);
      await routes.add(removed).expect(201);
      await t.http
        .patch(`/v1/operator/workspaces/${workspaceId}`)
        .set(operator)
        .send({ frozen: true })
        .expect(200);
      await routes.add(fresh()).expect(403, /workspace_frozen/);
      await routes.verify(kept).expect(403, /workspace_frozen/);
      await routes.putPublic({ public: true }).expect(403, /workspace_frozen/);
      await routes.remove(removed).expect(204);
      await routes.remove(removed).expect(404, /domain_not_found/);
      expect((await routes.list().expect(200)).body.domains.map((d: { domain: string }) => d.domain)).toEqual(
        [kept],
      );
    });
  });

  describe('verifying against DNS', () => {
    /** Adds a domain; returns its name and the TXT value that proves it. */
    async function added() {
      const world = await domainWorld();
      const name = fresh();
      const res = await world.routes.add(name).expect(201);
      return { ...world, name, proof: res.body.verification_record.value as string };
    }

    it('is pending while the TXT record does not exist (NXDOMAIN) or does not match', async () => {
      const { routes, name, proof } = await added();
      const missing = await routes.verify(name).expect(200);
      expect(missing.body).toEqual({
        domain: name,
        status: 'pending',
        verified: false,
        detail: expect.stringContaining(`_svc-verify.${name}`),
      });
      zone[`_svc-verify.${name}`] = { txt: [['svc-verify=someone-else'], ['v=spf1 -all']] };
      expect((await routes.verify(name).expect(200)).body).toMatchObject({
        status: 'pending',
        verified: false,
      });
      const [item] = (await routes.list().expect(200)).body.domains;
      expect(item).toMatchObject({ status: 'pending', last_checked_at: expect.any(String) });
      expect(item.detail).toContain(proof);
    });

    it('is verified once the TXT record matches, and active once the CNAME points at cname_target', async () => {
      const { routes, name, proof } = await added();
      zone[`_svc-verify.${name}`] = { txt: [[proof]] };
      expect((await routes.verify(name).expect(200)).body).toMatchObject({
        status: 'verified',
        verified: true,
      });
      zone[name] = { cname: 'elsewhere.example.net.' };
      const elsewhere = await routes.verify(name).expect(200);
      expect(elsewhere.body).toMatchObject({ status: 'verified', verified: true });
      expect(elsewhere.body.detail).toContain('elsewhere.example.net');
      zone[name] = { cname: `${CNAME_TARGET}.` };
      expect((await routes.verify(name).expect(200)).body).toMatchObject({
        status: 'active',
        verified: true,
      });
      expect((await routes.list().expect(200)).body.domains[0].status).toBe('active');
    });

    it("is active for an apex flattened to cname_target's addresses (ALIAS or ANAME)", async () => {
      const { routes, name, proof } = await added();
      zone[`_svc-verify.${name}`] = { txt: [[proof]] };
      zone[CNAME_TARGET] = { a: ['192.0.2.10', '192.0.2.11'] };
      zone[name] = { a: ['192.0.2.10'] };
      expect((await routes.verify(name).expect(200)).body).toMatchObject({
        status: 'active',
        verified: true,
      });
      zone[name] = { a: ['198.51.100.7'] };
      expect((await routes.verify(name).expect(200)).body).toMatchObject({
        status: 'verified',
        verified: true,
      });
    });

    it('is error when a lookup fails (SERVFAIL), saying which', async () => {
      const { routes, name, proof } = await added();
      zone[`_svc-verify.${name}`] = 'servfail';
      const txtFailed = await routes.verify(name).expect(200);
      expect(txtFailed.body).toMatchObject({ status: 'error', verified: false });
      expect(txtFailed.body.detail).toMatch(/TXT.*SERVFAIL/);
      zone[`_svc-verify.${name}`] = { txt: [[proof]] };
      zone[name] = 'servfail';
      const cnameFailed = await routes.verify(name).expect(200);
      expect(cnameFailed.body).toMatchObject({ status: 'error', verified: false });
      expect(cnameFailed.body.detail).toMatch(/CNAME.*SERVFAIL/);
    });

    it('follows the last check only: removed records go back to pending', async () => {
      const { routes, name, proof } = await added();
      zone[`_svc-verify.${name}`] = { txt: [[proof]] };
      zone[name] = { cname: CNAME_TARGET };
      expect((await routes.verify(name).expect(200)).body.status).toBe('active');
      delete zone[`_svc-verify.${name}`];
      delete zone[name];
      expect((await routes.verify(name).expect(200)).body.status).toBe('pending');
    });

    it('reads verifying while a check runs', async () => {
      const { routes, name } = await added();
      // A server that never answers: the check waits out its timeouts.
      zone[`_svc-verify.${name}`] = 'timeout';
      let finished = false;
      const check = routes.verify(name).then((res) => {
        finished = true;
        return res;
      });
      let seen: string | undefined;
      while (!finished && seen !== 'verifying') {
        seen = (await routes.list().expect(200)).body.domains[0].status;
      }
      expect(seen).toBe('verifying');
      const res = await check;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'error',
        verified: false,
        detail: expect.stringMatching(/timeout/),
      });
    });

    it('records each check as app_domain.checked', async () => {
      const { routes, name, auth, workspaceId } = await added();
      await routes.verify(name).expect(200);
      const audit = await t.http.get(`/v1/workspaces/${workspaceId}/audit`).set(auth).expect(200);
      const actions = audit.body.events.map((e: { action: string }) => e.action);
      expect(actions.slice(0, 2)).toEqual(['app_domain.checked', 'app_domain.added']);
      expect(audit.body.events[0].details).toMatchObject({ domain: name, status: 'pending' });
    });
  });

  describe('coderunner/public', () => {
    it('is false until set; PUT takes a boolean only', async () => {
      const { routes } = await domainWorld();
      expect((await routes.getPublic().expect(200)).body).toEqual({ public: false });
      expect((await routes.putPublic({ public: true }).expect(200)).body).toEqual({ public: true });
      expect((await routes.getPublic().expect(200)).body).toEqual({ public: true });
      for (const body of [{ public: 'yes' }, { public: null }, {}]) {
        const res = await routes.putPublic(body).expect(422);
        expect(res.body.code).toBe('invalid_public');
      }
      await routes.putPublic({ public: true, extra: 1 }).expect(422, /validation_failed/);
      expect((await routes.getPublic().expect(200)).body).toEqual({ public: true });
      expect((await routes.putPublic({ public: false }).expect(200)).body).toEqual({ public: false });
    });
  });
});
