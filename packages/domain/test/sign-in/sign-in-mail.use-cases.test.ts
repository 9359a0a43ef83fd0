import { type CustomSignInMail, isPublicAddress, mailPasswordContext } from '../../src';
import { utf8Decode } from '../../src/shared/utf8';
import { putAuth, storedConfig } from '../support/sign-in-world';
import { audited, aWorkspaceWorld, type WorkspaceWorld } from '../support/workspace-world';

const PUBLIC_IP = '8.8.8.8';
const custom = (overrides: Record<string, unknown> = {}) => ({
  mode: 'custom',
  host: PUBLIC_IP,
  port: 587,
  fromEmail: 'login@acme.example',
  fromDisplayName: 'Acme',
  username: 'mailer',
  password: 'smtp-secret-1',
  ssl: false,
  starttls: true,
  ...overrides,
});

const storedMail = (world: WorkspaceWorld) => storedConfig(world)?.mail as CustomSignInMail;

async function openedPassword(world: WorkspaceWorld): Promise<string | null> {
  const mail = storedMail(world);
  if (!mail.password) return null;
  return utf8Decode(await world.deps.kms.open(mail.password, mailPasswordContext(world.workspaceId)));
}

describe('the mail block: platform versus custom (spec, Mail block)', () => {
  it('stores custom settings with the password sealed under the workspace context, never in the clear', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom() });
    expect(storedMail(world)).toMatchObject({
      mode: 'custom',
      host: PUBLIC_IP,
      port: 587,
      fromEmail: 'login@acme.example',
      fromDisplayName: 'Acme',
      username: 'mailer',
      ssl: false,
      starttls: true,
    });
    expect(await openedPassword(world)).toBe('smtp-secret-1');
    expect(JSON.stringify(world.deps.uow.tables.signInConfigs.get(world.workspaceId))).not.toContain(
      'smtp-secret-1',
    );
    expect(JSON.stringify(world.deps.uow.tables.audit)).not.toContain('smtp-secret-1');
    expect(audited(world, 'sign_in.updated')[0]?.details.mail).toMatchObject({
      mode: 'custom',
      password: 'set',
    });
  });

  it.each([25, 465, 587, 2525])('accepts port %i', async (port) => {
    const world = await aWorkspaceWorld();
    await expect(
      putAuth(world, { mail: custom({ port, ssl: port === 465, starttls: false }) }),
    ).resolves.toBeDefined();
  });

  it.each([26, 0, 2526, 8025])('refuses port %i (422)', async (port) => {
    const world = await aWorkspaceWorld();
    await expect(putAuth(world, { mail: custom({ port }) })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_mail_settings',
      fieldErrors: [{ field: 'mail.port', message: 'must be one of 25, 465, 587, 2525' }],
    });
  });

  it('names every missing required field of custom (host, port, from_email)', async () => {
    const world = await aWorkspaceWorld();
    await expect(putAuth(world, { mail: { mode: 'custom' } })).rejects.toMatchObject({
      code: 'invalid_mail_settings',
      fieldErrors: [
        { field: 'mail.host', message: 'required with mode custom' },
        { field: 'mail.port', message: 'required with mode custom' },
        { field: 'mail.from_email', message: 'required with mode custom' },
      ],
    });
  });

  it('refuses ssl together with starttls, a bad address, and a host with a scheme or port', async () => {
    const world = await aWorkspaceWorld();
    for (const bad of [
      { ssl: true, starttls: true },
      { fromEmail: 'not an address' },
      { host: 'smtp://mail.acme.example' },
      { host: 'mail.acme.example:25' },
      { host: '8.8.8.8:25' },
      { host: '[2001:4860:4860::8888]:25' },
      { host: '1:2:3' },
      // A display name goes into the From header: no line break of any kind.
      { fromDisplayName: 'Acme\nBcc: x@evil.test' },
      { fromDisplayName: 'Acme\u2028Support' },
      { fromDisplayName: 'Acme\u0085Support' },
    ])
      await expect(putAuth(world, { mail: custom(bad) })).rejects.toMatchObject({
        code: 'invalid_mail_settings',
      });
  });

  it('takes a public IPv6 literal, with or without brackets', async () => {
    for (const host of ['2001:4860:4860::8888', '[2001:4860:4860::8888]']) {
      const world = await aWorkspaceWorld();
      await putAuth(world, { mail: custom({ host }) });
      expect(storedMail(world).host).toBe('2001:4860:4860::8888');
    }
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '[::1]',
    'fd00::1',
    'fe80::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('refuses the private or special address %s (422)', async (host) => {
    const world = await aWorkspaceWorld();
    await expect(putAuth(world, { mail: custom({ host }) })).rejects.toMatchObject({
      code: 'mail_host_not_public',
      fieldErrors: [{ field: 'mail.host' }],
    });
  });

  it('resolves a host name: refused when any address is private or it has none, accepted when all are public', async () => {
    const world = await aWorkspaceWorld();
    world.deps.dns.zone['mail.acme.example'] = { a: ['203.0.114.7', '10.0.0.5'] };
    await expect(putAuth(world, { mail: custom({ host: 'mail.acme.example' }) })).rejects.toMatchObject({
      code: 'mail_host_not_public',
    });
    await expect(putAuth(world, { mail: custom({ host: 'nowhere.acme.example' }) })).rejects.toMatchObject({
      code: 'mail_host_unresolvable',
    });
    world.deps.dns.zone['mail.acme.example'] = { a: ['203.0.114.7'], aaaa: ['2a00:1450:4001::1'] };
    await expect(putAuth(world, { mail: custom({ host: 'Mail.Acme.Example' }) })).resolves.toBeDefined();
    expect(storedMail(world).host).toBe('mail.acme.example');
  });

  it('accepts private hosts with ALLOW_PRIVATE_MAIL_HOSTS, without asking DNS', async () => {
    const world = await aWorkspaceWorld();
    world.deps.settings = { ...world.deps.settings, allowPrivateMailHosts: true };
    await putAuth(world, { mail: custom({ host: '127.0.0.1' }) });
    await putAuth(world, { mail: custom({ host: 'localhost' }) });
    expect(storedMail(world).host).toBe('localhost');
    expect(world.deps.dns.lookups).toEqual([]);
  });

  it.each([
    ['mode platform', { mode: 'platform' }],
    ['no host and no mode', {}],
    ['no host and no mode, other fields', { fromDisplayName: 'Other' }],
  ])('%s deletes the stored custom settings and password', async (_why, mail) => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom() });
    const { config } = await putAuth(world, { mail });
    expect(config.mail).toEqual({ mode: 'platform' });
    expect(audited(world, 'sign_in.updated')[1]?.details.mail).toEqual({
      mode: 'platform',
      custom_settings_deleted: true,
    });
  });

  it('a host without mode means custom', async () => {
    const world = await aWorkspaceWorld();
    const { mode: _mode, ...noMode } = custom();
    expect((await putAuth(world, { mail: noMode })).config.mail.mode).toBe('custom');
  });
});

describe('the kept-password rule (spec, Sign-in email rule 2)', () => {
  const { password: _omitted, ...withoutPassword } = custom();
  // [change, kept?] written out here, not read from the code.
  const table: [string, Record<string, unknown>, boolean][] = [
    ['same host and port', {}, true],
    ['same server, other sender', { fromEmail: 'other@acme.example', username: 'u2' }, true],
    ['SSL turned on', { port: 587, ssl: true, starttls: false }, false],
    ['another host', { host: '1.1.1.1' }, false],
    ['another port', { port: 2525 }, false],
    ['STARTTLS turned off', { starttls: false }, false],
  ];
  it.each(table)('omitted password with %s: kept %s', async (_why, change, kept) => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom() });
    await putAuth(world, { mail: { ...withoutPassword, ...change } });
    expect(await openedPassword(world)).toBe(kept ? 'smtp-secret-1' : null);
  });

  it('keeps the password when SSL stays on and STARTTLS stays off, drops it when SSL is turned off', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom({ port: 465, ssl: true, starttls: false }) });
    await putAuth(world, { mail: { ...withoutPassword, port: 465, ssl: true, starttls: false } });
    expect(await openedPassword(world)).toBe('smtp-secret-1');
    await putAuth(world, { mail: { ...withoutPassword, port: 465, ssl: false, starttls: false } });
    expect(await openedPassword(world)).toBeNull();
    expect(audited(world, 'sign_in.updated').at(-1)?.details.mail).toMatchObject({ password: 'dropped' });
  });

  it('replaces the password when sent again, removes it with null', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom() });
    await putAuth(world, { mail: custom({ password: 'smtp-secret-2' }) });
    expect(await openedPassword(world)).toBe('smtp-secret-2');
    await putAuth(world, { mail: custom({ password: null }) });
    expect(await openedPassword(world)).toBeNull();
  });

  it('never keeps a password across a switch to platform and back', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom() });
    await putAuth(world, { mail: { mode: 'platform' } });
    await putAuth(world, { mail: withoutPassword });
    expect(await openedPassword(world)).toBeNull();
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['203.0.114.1', true],
    ['2a00:1450:4001:82a::200e', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.127.255.255', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['fc00::1', false],
    ['fdff::1', false],
    ['fe80::1%eth0', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['2002:0a00:0001::1', false],
    ['2001:db8::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2001:4860:4860::8888', true],
    ['not an address', false],
    ['1.2.3', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
