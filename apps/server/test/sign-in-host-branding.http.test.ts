import type { DnsZone } from '@groundfloor/testkit';
import {
  type LoopbackDnsServer,
  startLoopbackDnsServer,
} from '../../../packages/dns/test/support/loopback-dns-server';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

const PUBLIC_BASE_URL = 'https://api.platform.test';
const CNAME_TARGET = 'ingress.platform.test';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/*
 * The custom sign-in host (verified against a real DNS server on loopback
 * named in DNS_SERVERS), branding and the public helpers. DNS and images do
 * not depend on the database: the embedded one is enough.
 */
describe.each(['pglite'] as const)('custom sign-in host, branding and public helpers on %s', (kind) => {
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
  const fresh = (label = 'login') => `${label}-${++counter}.acme.example`;

  async function world() {
    const w = await workspaceWithOwner(t);
    const base = `/v1/workspaces/${w.workspaceId}/auth`;
    return {
      ...w,
      base,
      put: (body: object) => t.http.put(base).set(w.auth).send(body),
      request: () => t.http.post(`${base}/host/verification`).set(w.auth),
      check: () => t.http.post(`${base}/host/verification/check`).set(w.auth),
    };
  }

  describe('custom sign-in host', () => {
    it('claims a host pending, with the TXT record and cname_target; verifies it through DNS', async () => {
      const w = await world();
      const host = fresh();
      const claimed = (
        await w.put({ mode: 'platform', host: { custom_domain: host.toUpperCase() } }).expect(200)
      ).body;
      expect(claimed.host).toMatchObject({
        custom_domain: host,
        custom_domain_status: 'pending',
        custom_domain_verification: {
          record_name: `_svc-verify.${host}`,
          record_value: expect.stringMatching(/^svc-verify=\S{32,}$/),
          cname_target: CNAME_TARGET,
        },
      });
      expect(claimed.cname_target).toBe(CNAME_TARGET);

      const renewed = (await w.request().expect(200)).body;
      const record = renewed.host.custom_domain_verification;
      expect(record.record_value).not.toBe(claimed.host.custom_domain_verification.record_value);

      const notYet = (await w.check().expect(200)).body;
      expect(notYet.host.custom_domain_status).toBe('pending');
      expect(notYet.check).toEqual({ verified: false, detail: expect.stringContaining('no TXT record') });
      const byHost = () => t.http.get('/v1/public/workspaces/by-host').query({ host });
      expect((await byHost().expect(404)).body.code).toBe('sign_in_host_not_found');

      zone[record.record_name] = { txt: [[record.record_value]] };
      const verified = (await w.check().expect(200)).body;
      expect(verified.check.verified).toBe(true);
      expect(verified.host.custom_domain_status).toBe('verified');

      const found = await byHost().expect(200);
      expect(found.body).toMatchObject({
        workspace_id: w.workspaceId,
        workspace_name: 'Main',
        mode: 'platform',
        issuer: `${PUBLIC_BASE_URL}/v1/public/workspaces/${w.workspaceId}`,
      });
    });

    it('answers 409 for a host another workspace claims, an app domain, the platform host, and without a claim', async () => {
      const w = await world();
      const other = await world();
      const host = fresh();
      await other.put({ host: { custom_domain: host } }).expect(200);
      expect((await w.put({ host: { custom_domain: host } }).expect(409)).body.code).toBe(
        'sign_in_host_taken',
      );
      expect(
        (await w.put({ host: { custom_domain: 'login.ingress.platform.test' } }).expect(409)).body.code,
      ).toBe('sign_in_host_collides');
      expect((await w.request().expect(409)).body.code).toBe('sign_in_host_not_set');
      expect((await w.check().expect(409)).body.code).toBe('sign_in_host_not_set');
      expect((await w.put({ host: { custom_domain: 'https://x.example/' } }).expect(422)).body.code).toBe(
        'invalid_domain',
      );

      // App custom domains and sign-in hosts exclude each other.
      const apps = await appSeeder(t, await userIdOf(t, w.owner.email), w.workspaceId);
      const app = await apps.standaloneApp();
      const domains = `/v1/workspaces/${w.workspaceId}/apps/${app.id}/coderunner/domains`;
      const taken = await t.http.post(domains).set(w.auth).send({ domain: host }).expect(409);
      expect(taken.body.code).toBe('domain_collides_with_branded_host');
      const shop = fresh('shop');
      await t.http.post(domains).set(w.auth).send({ domain: shop }).expect(201);
      expect((await w.put({ host: { custom_domain: shop } }).expect(409)).body.code).toBe(
        'sign_in_host_collides',
      );
    });
  });

  describe('branding', () => {
    it('stores colours and images; serves them publicly with safe headers; theme.css holds the colours', async () => {
      const w = await world();
      const { body } = await w
        .put({
          branding: {
            display_name: 'Acme Login',
            primary_color: '#A1B2C3',
            text_color: '#000000',
            logo: dataUrl('image/svg+xml', SVG),
            favicon: dataUrl('image/png', PNG),
          },
        })
        .expect(200);
      const logoUrl = `${PUBLIC_BASE_URL}/v1/public/branding/assets/logo?workspace_id=${w.workspaceId}`;
      expect(body.branding).toEqual({
        display_name: 'Acme Login',
        primary_color: '#a1b2c3',
        background_color: null,
        text_color: '#000000',
        logo_url: logoUrl,
        favicon_url: `${PUBLIC_BASE_URL}/v1/public/branding/assets/favicon?workspace_id=${w.workspaceId}`,
        login_background_url: null,
      });

      const logo = await t.http
        .get('/v1/public/branding/assets/logo')
        .query({ workspace_id: w.workspaceId })
        .expect(200);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.headers['x-content-type-options']).toBe('nosniff');
      expect(logo.headers['content-security-policy']).toContain('sandbox');
      expect(Buffer.from(logo.body as Buffer)).toEqual(SVG);
      const favicon = await t.http
        .get('/v1/public/branding/assets/favicon')
        .query({ workspace_id: w.workspaceId });
      expect(favicon.status).toBe(200);
      expect(Buffer.from(favicon.body as Buffer)).toEqual(PNG);
      const unset = await t.http
        .get('/v1/public/branding/assets/login_background')
        .query({ workspace_id: w.workspaceId });
      expect(unset.status).toBe(404);
      expect(unset.body.code).toBe('branding_asset_not_found');

      const branding = await t.http
        .get('/v1/public/branding')
        .query({ workspace_id: w.workspaceId })
        .expect(200);
      expect(branding.body).toMatchObject({
        workspace_id: w.workspaceId,
        display_name: 'Acme Login',
        logo_url: logoUrl,
      });

      const theme = await t.http
        .get('/v1/public/branding/theme.css')
        .query({ workspace_id: w.workspaceId })
        .expect(200);
      expect(theme.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(theme.text).toBe(
        ':root {\n  --signin-primary-color: #a1b2c3;\n  --signin-text-color: #000000;\n}\n',
      );

      await w.put({ branding: { logo: null } }).expect(200);
      await t.http.get('/v1/public/branding/assets/logo').query({ workspace_id: w.workspaceId }).expect(404);
    });

    it('answers 422 for a colour that is not #rrggbb and an image that is not what it claims', async () => {
      const w = await world();
      const colour = await w
        .put({ branding: { primary_color: 'red;}body{background:url(//x)' } })
        .expect(422);
      expect(colour.body).toMatchObject({
        code: 'invalid_branding',
        errors: [{ field: 'branding.primary_color' }],
      });
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const disguised = await w.put({ branding: { logo: dataUrl('image/svg+xml', html) } }).expect(422);
      expect(disguised.body).toMatchObject({
        code: 'invalid_branding_image',
        errors: [{ field: 'branding.logo' }],
      });
      const notDataUrl = await w
        .put({ branding: { favicon: 'https://cdn.example/favicon.ico' } })
        .expect(422);
      expect(notDataUrl.body.code).toBe('invalid_branding_image');
    });

    it('takes images up to 512 KiB in the PUT body (larger than ordinary bodies), not beyond', async () => {
      const w = await world();
      const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)]);
      await w.put({ branding: { login_background: dataUrl('image/png', big) } }).expect(200);
      const served = await t.http
        .get('/v1/public/branding/assets/login_background')
        .query({ workspace_id: w.workspaceId })
        .expect(200);
      expect(Buffer.from(served.body as Buffer).length).toBe(512 * 1024);
      const tooBig = Buffer.concat([big, Buffer.alloc(1)]);
      const refused = await w
        .put({ branding: { login_background: dataUrl('image/png', tooBig) } })
        .expect(422);
      expect(refused.body.code).toBe('invalid_branding_image');
    });

    it('answers 404 for an unknown workspace', async () => {
      const unknown = '00000000-0000-4000-8000-000000000001';
      expect(
        (await t.http.get('/v1/public/branding').query({ workspace_id: unknown }).expect(404)).body.code,
      ).toBe('workspace_not_found');
    });

    it('answers 422 naming workspace_id when neither it nor host is given', async () => {
      for (const path of ['/v1/public/branding', '/v1/public/branding/theme.css']) {
        const refused = await t.http.get(path).expect(422);
        expect(refused.body).toMatchObject({
          code: 'validation_failed',
          errors: [{ field: 'workspace_id', message: 'required unless host is given' }],
        });
      }
    });
  });

  it('limits each public helper to 60 requests a minute per address (429 with Retry-After)', async () => {
    const w = await world();
    const theme = () => t.http.get('/v1/public/branding/theme.css').query({ workspace_id: w.workspaceId });
    // Earlier tests of this suite asked theme.css too, from the same address: count until refused.
    let served = 0;
    let limited = await theme();
    while (limited.status === 200 && served < 61) {
      served++;
      limited = await theme();
    }
    expect(limited.status).toBe(429);
    expect(served).toBeGreaterThanOrEqual(55);
    expect(limited.body.code).toBe('public_rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another helper has its own count.
    await t.http.get('/v1/public/branding').query({ workspace_id: w.workspaceId }).expect(200);
  });
});
