import { mailPasswordContext } from '../../src';
import { utf8Decode } from '../../src/shared/utf8';
import { putAuth, storedConfig } from '../support/sign-in-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from '../support/workspace-world';

const testMail = (world: WorkspaceWorld, mail?: Record<string, unknown>, userId = world.ownerId) =>
  world.uc.signInConfig.testMail.execute({
    userId,
    workspaceId: world.workspaceId,
    ...(mail ? { mail } : {}),
    context: ctx(userId),
  });

function verify(world: WorkspaceWorld, userId = world.ownerId, verified = true) {
  const user = world.deps.uow.tables.users.get(userId);
  if (user) user.emailVerified = verified;
}

const custom = (overrides: Record<string, unknown> = {}) => ({
  mode: 'custom',
  host: '8.8.8.8',
  port: 587,
  fromEmail: 'login@acme.example',
  fromDisplayName: 'Acme Login',
  username: 'mailer',
  password: 'smtp-secret-1',
  ssl: false,
  starttls: true,
  ...overrides,
});

describe('POST auth/mail/test (spec, Sign-in email rule 4)', () => {
  it("answers 400 while the caller's own email is not verified, and sends nothing", async () => {
    const world = await aWorkspaceWorld();
    verify(world, world.ownerId, false);
    await expect(testMail(world)).rejects.toMatchObject({
      kind: 'malformed',
      code: 'own_email_not_verified',
    });
    expect(world.deps.mailer.tested).toHaveLength(0);
  });

  it("tests the saved platform settings: to the caller's own address, as the organization", async () => {
    const world = await aWorkspaceWorld();
    verify(world);
    expect(await testMail(world)).toEqual({
      ok: true,
      mode: 'platform',
      sentTo: 'owner@acme.test',
      error: null,
    });
    const sent = world.deps.mailer.tested[0];
    expect(sent).toMatchObject({
      to: 'owner@acme.test',
      from: { name: 'Acme' },
      template: 'sign_in_mail_test',
    });
    expect(sent?.via).toBeUndefined();
    expect(audited(world, 'sign_in.mail_tested')[0]?.details).toEqual({
      mode: 'platform',
      settings: 'saved',
      ok: true,
    });
  });

  it('tests the saved custom settings through that server, with the saved password', async () => {
    const world = await aWorkspaceWorld();
    verify(world);
    await putAuth(world, { mail: custom() });
    expect((await testMail(world)).mode).toBe('custom');
    expect(world.deps.mailer.tested[0]).toMatchObject({
      from: { name: 'Acme Login', email: 'login@acme.example' },
      via: {
        host: '8.8.8.8',
        port: 587,
        username: 'mailer',
        password: 'smtp-secret-1',
        ssl: false,
        starttls: true,
      },
    });
  });

  it('tests unsaved settings without saving them; an omitted password is the saved one under the kept-password rule', async () => {
    const world = await aWorkspaceWorld();
    verify(world);
    await putAuth(world, { mail: custom() });
    const before = JSON.stringify(storedConfig(world));
    const { password: _p, ...noPassword } = custom({ fromEmail: 'other@acme.example' });
    await testMail(world, noPassword);
    expect(world.deps.mailer.tested[0]?.via?.password).toBe('smtp-secret-1');
    await testMail(world, { ...noPassword, port: 2525 });
    expect(world.deps.mailer.tested[1]?.via).toMatchObject({ port: 2525, password: null });
    await testMail(world, custom({ password: 'typed-now' }));
    expect(world.deps.mailer.tested[2]?.via?.password).toBe('typed-now');
    expect(JSON.stringify(storedConfig(world))).toBe(before);
  });

  it('checks unsaved settings as PUT does (422 port, 422 private host)', async () => {
    const world = await aWorkspaceWorld();
    verify(world);
    await expect(testMail(world, custom({ port: 26 }))).rejects.toMatchObject({
      code: 'invalid_mail_settings',
    });
    await expect(testMail(world, custom({ host: '192.168.0.10' }))).rejects.toMatchObject({
      code: 'mail_host_not_public',
    });
    expect(world.deps.mailer.tested).toHaveLength(0);
  });

  it.each([
    [{ result: 'failed', failure: 'auth_failed' }, 'the mail server refused the login'],
    [{ result: 'failed', failure: 'connection_failed' }, 'could not connect to the mail server'],
    [{ result: 'unconfirmed', failure: 'timed_out' }, 'the mail server did not answer within 5 seconds'],
    [{ result: 'not_configured', failure: null }, 'no mail server is set up for platform email'],
  ] as const)('answers ok false with a short error for %j', async (report, error) => {
    const world = await aWorkspaceWorld();
    verify(world);
    world.deps.mailer.testReport = report;
    expect(await testMail(world)).toMatchObject({ ok: false, error });
  });

  it('allows 5 tests per person per minute (429 with the time to wait), then again', async () => {
    const world = await aWorkspaceWorld();
    verify(world);
    for (let i = 0; i < 5; i++) await testMail(world);
    await expect(testMail(world)).rejects.toMatchObject({
      kind: 'rate_limited',
      code: 'mail_test_rate_limited',
    });
    const admin = await aMember(world, 'admin');
    verify(world, admin);
    await expect(testMail(world, undefined, admin)).resolves.toMatchObject({ ok: true });
    world.deps.clock.advance(61);
    await expect(testMail(world)).resolves.toMatchObject({ ok: true });
  });

  it('needs administer; is allowed while frozen (it changes nothing)', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    verify(world, writer);
    await expect(testMail(world, undefined, writer)).rejects.toMatchObject({ code: 'permission_denied' });
    verify(world);
    await freeze(world);
    await expect(testMail(world)).resolves.toMatchObject({ ok: true });
  });

  it('never puts the password in the email, the answer or the audit', async () => {
    const world = await aWorkspaceWorld();
    verify(world);
    await putAuth(world, { mail: custom() });
    const answer = await testMail(world);
    const { via: _via, ...email } = world.deps.mailer.tested[0] ?? {};
    for (const text of [
      JSON.stringify(answer),
      JSON.stringify(email),
      JSON.stringify(world.deps.uow.tables.audit),
    ])
      expect(text).not.toContain('smtp-secret-1');
  });
});

describe('master-key rotation of sign-in secrets', () => {
  it('re-wraps mail passwords and SSO client secrets; values still open; a second run changes nothing', async () => {
    const world = await aWorkspaceWorld();
    await putAuth(world, { mail: custom() });
    const now = world.deps.clock.now();
    const secret = await world.deps.kms.seal(new TextEncoder().encode('client-secret-1'), 'sso');
    await world.deps.uow.transaction((tx) =>
      tx.ssoConnections.save({
        id: world.deps.ids.next(),
        workspaceId: world.workspaceId,
        protocol: 'oidc',
        name: 'Okta',
        enabled: true,
        settings: {},
        clientSecret: secret,
        organizationId: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    world.deps.kms.currentKeyId = 'fake-key-2';
    const result = await world.uc.signInConfig.rewrapSecrets.execute({ batchSize: 1 });
    expect(result).toEqual({
      mailPasswords: { rewrapped: 1, unchanged: 0 },
      ssoClientSecrets: { rewrapped: 1, unchanged: 0 },
    });
    const mail = storedConfig(world)?.mail;
    if (mail?.mode !== 'custom' || !mail.password) throw new Error('no password');
    expect(mail.password.keyId).toBe('fake-key-2');
    expect(utf8Decode(await world.deps.kms.open(mail.password, mailPasswordContext(world.workspaceId)))).toBe(
      'smtp-secret-1',
    );
    expect([...world.deps.uow.tables.ssoConnections.values()][0]?.clientSecret?.keyId).toBe('fake-key-2');
    expect(await world.uc.signInConfig.rewrapSecrets.execute()).toEqual({
      mailPasswords: { rewrapped: 0, unchanged: 1 },
      ssoClientSecrets: { rewrapped: 0, unchanged: 1 },
    });
  });
});
