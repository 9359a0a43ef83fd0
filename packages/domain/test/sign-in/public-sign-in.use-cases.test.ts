import { brandingAssetUrl, themeCss } from '../../src';
import { putAuth } from '../support/sign-in-world';
import { aWorkspaceWorld, ctx, type WorkspaceWorld } from '../support/workspace-world';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);

async function verifiedHost(world: WorkspaceWorld, host: string) {
  const { config } = await putAuth(world, { mode: 'platform', customDomain: host });
  world.deps.dns.zone[`_svc-verify.${host}`] = { txt: [[`svc-verify=${config.host.verificationToken}`]] };
  await world.uc.signInConfig.checkHostVerification.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    context: ctx(world.ownerId),
  });
}

describe('public sign-in helpers', () => {
  it('by-host answers a verified host only, with the issuer while platform sign-in is active', async () => {
    const world = await aWorkspaceWorld();
    const { publicSignIn } = world.uc;
    await putAuth(world, { customDomain: 'login.acme.example', branding: { primaryColor: '#123456' } });
    await expect(
      publicSignIn.byHost.execute({ host: 'login.acme.example', ip: '192.0.2.1' }),
    ).rejects.toMatchObject({
      code: 'sign_in_host_not_found',
    });
    await verifiedHost(world, 'login.acme.example');
    const found = await publicSignIn.byHost.execute({ host: 'LOGIN.acme.example', ip: '192.0.2.1' });
    expect(found).toMatchObject({
      workspaceId: world.workspaceId,
      workspaceName: 'Main',
      mode: 'platform',
      issuer: `http://control.test/v1/public/workspaces/${world.workspaceId}`,
      branding: { primaryColor: '#123456' },
    });
    await putAuth(world, { mode: 'external' });
    expect((await publicSignIn.byHost.execute({ host: 'login.acme.example', ip: null })).issuer).toBeNull();
    await expect(publicSignIn.byHost.execute({ host: 'not a host', ip: null })).rejects.toMatchObject({
      code: 'sign_in_host_not_found',
    });
  });

  it('branding by workspace id falls back to the workspace name; unknown workspaces are 404', async () => {
    const world = await aWorkspaceWorld();
    const { branding } = world.uc.publicSignIn;
    expect(await branding.execute({ workspaceId: world.workspaceId, ip: null })).toMatchObject({
      displayName: 'Main',
      branding: { primaryColor: null, images: {} },
    });
    await expect(branding.execute({ workspaceId: world.deps.ids.next(), ip: null })).rejects.toMatchObject({
      code: 'workspace_not_found',
    });
    await expect(branding.execute({ workspaceId: 'nope', ip: null })).rejects.toMatchObject({
      code: 'workspace_not_found',
    });
  });

  it('serves images, 404 when unset or of an unknown kind', async () => {
    const world = await aWorkspaceWorld();
    const { asset } = world.uc.publicSignIn;
    await expect(
      asset.execute({ workspaceId: world.workspaceId, kind: 'logo', ip: null }),
    ).rejects.toMatchObject({
      code: 'branding_asset_not_found',
    });
    await putAuth(world, { branding: { images: { logo: { contentType: 'image/png', bytes: PNG } } } });
    expect(await asset.execute({ workspaceId: world.workspaceId, kind: 'logo', ip: null })).toMatchObject({
      contentType: 'image/png',
      bytes: PNG,
    });
    await expect(
      asset.execute({ workspaceId: world.workspaceId, kind: 'avatar', ip: null }),
    ).rejects.toMatchObject({
      code: 'branding_asset_not_found',
    });
    expect(brandingAssetUrl('https://c.example', 'w', 'logo')).toBe(
      'https://c.example/v1/public/branding/assets/logo?workspace_id=w',
    );
  });

  it('theme CSS holds only validated colours', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { branding: { primaryColor: '#AABBCC', textColor: '#000000' } });
    expect(await world.uc.publicSignIn.theme.execute({ workspaceId: world.workspaceId, ip: null })).toBe(
      ':root {\n  --signin-primary-color: #aabbcc;\n  --signin-text-color: #000000;\n}\n',
    );
    const hostile = {
      displayName: null,
      primaryColor: 'red;}body{background:url(//evil)',
      backgroundColor: null,
      textColor: null,
      images: {},
    };
    expect(themeCss(hostile)).toBe(':root {\n}\n');
  });

  it('limits each client address (an IPv6 /64) to 60 requests a minute per helper (429)', async () => {
    const world = await aWorkspaceWorld();
    const { branding, theme } = world.uc.publicSignIn;
    const workspaceId = world.workspaceId;
    for (let i = 0; i < 60; i++) await branding.execute({ workspaceId, ip: `2001:db8:1:1::${i + 1}` });
    await expect(theme.execute({ workspaceId, ip: '2001:db8:1:1::1' })).resolves.toBeDefined();
    await expect(branding.execute({ workspaceId, ip: '2001:db8:1:1:ffff::3' })).rejects.toMatchObject({
      kind: 'rate_limited',
      code: 'public_rate_limited',
      retryAfterSeconds: expect.any(Number),
    });
    await expect(branding.execute({ workspaceId, ip: '192.0.2.9' })).resolves.toBeDefined();
  });
});
