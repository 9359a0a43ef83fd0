import { brandingOf, sniffImageType } from '../../src';
import { putAuth, storedConfig } from '../support/sign-in-world';
import { audited, aWorkspaceWorld } from '../support/workspace-world';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const ICO = new Uint8Array([0, 0, 1, 0, 1, 0]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const SVG = text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');

describe('branding', () => {
  it('stores validated colours in lowercase and the display name trimmed', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, {
      branding: {
        displayName: '  Acme Login ',
        primaryColor: '#A1B2C3',
        backgroundColor: '#ffffff',
        textColor: '#000000',
      },
    });
    expect(brandingOf(storedConfig(world)?.branding ?? null)).toMatchObject({
      displayName: 'Acme Login',
      primaryColor: '#a1b2c3',
      backgroundColor: '#ffffff',
      textColor: '#000000',
    });
  });

  it.each(['#abc', 'red', '#12345g', 'rgb(0,0,0)', '#000000; background: url(x)', '#0000000'])(
    'refuses the colour %j (422): only #rrggbb reaches the theme CSS',
    async (color) => {
      const world = await aWorkspaceWorld();
      await expect(putAuth(world, { branding: { primaryColor: color } })).rejects.toMatchObject({
        code: 'invalid_branding',
        fieldErrors: [{ field: 'branding.primary_color' }],
      });
    },
  );

  it('changes only the fields sent; null clears one', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { branding: { primaryColor: '#111111', textColor: '#222222' } });
    await putAuth(world, { branding: { primaryColor: null } });
    expect(brandingOf(storedConfig(world)?.branding ?? null)).toMatchObject({
      primaryColor: null,
      textColor: '#222222',
    });
    expect(audited(world, 'sign_in.updated')[1]?.details.branding).toEqual({ changed: ['primary_color'] });
  });

  it('stores images whose bytes are what they claim, in the asset repository', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, {
      branding: {
        images: {
          logo: { contentType: 'image/svg+xml', bytes: SVG },
          favicon: { contentType: 'image/vnd.microsoft.icon', bytes: ICO },
          login_background: { contentType: 'image/jpeg', bytes: JPEG },
        },
      },
    });
    const assets = world.deps.uow.tables.signInAssets;
    expect(assets.get(`${world.workspaceId}/logo`)).toMatchObject({
      contentType: 'image/svg+xml',
      bytes: SVG,
    });
    expect(assets.get(`${world.workspaceId}/favicon`)?.contentType).toBe('image/x-icon');
    expect(brandingOf(storedConfig(world)?.branding ?? null).images.login_background).toMatchObject({
      contentType: 'image/jpeg',
      sizeBytes: JPEG.length,
    });
  });

  it.each([
    ['PNG bytes declared as SVG', 'image/svg+xml', PNG],
    ['HTML declared as SVG', 'image/svg+xml', text('<html><script>alert(1)</script></html>')],
    ['HTML declared as PNG', 'image/png', text('<html></html>')],
    ['a GIF', 'image/gif', text('GIF89a')],
    ['nothing', 'image/png', new Uint8Array()],
    ['more than 512 KiB', 'image/png', new Uint8Array(512 * 1024 + 1).fill(0x89, 0, 1)],
  ])('refuses %s (422)', async (_why, contentType, bytes) => {
    const world = await aWorkspaceWorld();
    await expect(
      putAuth(world, { branding: { images: { logo: { contentType, bytes } } } }),
    ).rejects.toMatchObject({
      code: 'invalid_branding_image',
      fieldErrors: [{ field: 'branding.logo' }],
    });
    expect(world.deps.uow.tables.signInAssets.size).toBe(0);
  });

  it('removes one image with null, and everything with branding null', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, {
      branding: {
        primaryColor: '#111111',
        images: {
          logo: { contentType: 'image/png', bytes: PNG },
          favicon: { contentType: 'image/webp', bytes: WEBP },
        },
      },
    });
    await putAuth(world, { branding: { images: { logo: null } } });
    expect([...world.deps.uow.tables.signInAssets.keys()]).toEqual([`${world.workspaceId}/favicon`]);
    await putAuth(world, { branding: null });
    expect(world.deps.uow.tables.signInAssets.size).toBe(0);
    expect(storedConfig(world)?.branding).toBeNull();
  });

  it('sniffs the allowed image types', () => {
    expect([PNG, JPEG, ICO, WEBP, SVG].map(sniffImageType)).toEqual([
      'image/png',
      'image/jpeg',
      'image/x-icon',
      'image/webp',
      'image/svg+xml',
    ]);
    expect(sniffImageType(text('GIF89a'))).toBeNull();
  });
});
