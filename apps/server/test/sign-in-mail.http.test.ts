import { MAIL_OUTBOX, type MailOutbox, UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import { TestSmtpServer } from '../../../packages/mail-smtp/test/support/test-smtp-server';
import { addSignedInMember } from './support/members';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

const PUBLIC_BASE_URL = 'https://api.platform.test';
const SMTP_PASSWORD = 'smtp-PASSWORD-7f3a-never-shown';
const CLIENT_SECRET = 'oidc-CLIENT-secret-91bd-never-shown';

/*
 * Sign-in mail against real SMTP servers on loopback that this suite starts:
 * the platform's (SMTP_URL) and a workspace's own, which asks for a login.
 * ALLOW_PRIVATE_MAIL_HOSTS lets the workspace's server be 127.0.0.1. The
 * real mailer runs (no fake). SMTP does not depend on the database: the
 * embedded one is enough.
 */
describe.each(['pglite'] as const)('sign-in mail over SMTP on %s', (kind) => {
  let platform: TestSmtpServer;
  let custom: TestSmtpServer;
  let t: TestServer;
  beforeAll(async () => {
    platform = await TestSmtpServer.start();
    custom = await TestSmtpServer.start({ credentials: { user: 'ws-mailer', pass: SMTP_PASSWORD } });
    t = await startTestServer(
      kind,
      {
        PUBLIC_BASE_URL,
        SMTP_URL: platform.url(),
        MAIL_FROM: 'Groundfloor <no-reply@api.platform.test>',
        ALLOW_PRIVATE_MAIL_HOSTS: 'true',
      },
      [],
      { realMailer: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await custom?.close();
    await platform?.close();
  });

  const customMail = (overrides: Record<string, unknown> = {}) => ({
    mode: 'custom',
    host: '127.0.0.1',
    port: 2525,
    from_email: 'login@acme.example',
    from_display_name: 'Acme Login',
    username: 'ws-mailer',
    password: SMTP_PASSWORD,
    ssl: false,
    starttls: false,
    ...overrides,
  });

  async function world() {
    const w = await workspaceWithOwner(t);
    const base = `/v1/workspaces/${w.workspaceId}/auth`;
    return {
      ...w,
      base,
      test: (body?: object, auth = w.auth) => {
        const request = t.http.post(`${base}/mail/test`).set(auth);
        return body === undefined ? request : request.send(body);
      },
    };
  }

  /**
   * The custom server listens on a free port, which the port rule (25, 465,
   * 587, 2525) would refuse: settings are saved through the API with 2525,
   * then the stored port is changed to the server's, as no route can.
   */
  async function pointAtCustomServer(workspaceId: string) {
    const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
    await uow.transaction(async (tx) => {
      const config = await tx.signInConfigs.findForUpdate(workspaceId);
      if (config?.mail.mode !== 'custom') throw new Error('no custom mail block');
      await tx.signInConfigs.save({ ...config, mail: { ...config.mail, port: custom.port as 2525 } });
    });
  }

  it('sends a test of the saved custom settings to the caller, through that server only, as its sender', async () => {
    const w = await world();
    await t.http.put(w.base).set(w.auth).send({ mail: customMail() }).expect(200);
    await pointAtCustomServer(w.workspaceId);
    const platformBefore = platform.received.length;
    const { body } = await w.test().expect(200);
    expect(body).toEqual({ ok: true, mode: 'custom', sent_to: w.owner.email, error: null });
    const mail = custom.received.at(-1);
    expect(mail).toMatchObject({ to: [w.owner.email], from: 'login@acme.example', user: 'ws-mailer' });
    expect(mail?.raw).toMatch(/^From: Acme Login <login@acme\.example>/m);
    expect(platform.received.length).toBe(platformBefore);
  });

  it('tests the platform settings with the organization as the sender', async () => {
    const w = await world();
    const { body } = await w.test({}).expect(200);
    expect(body).toEqual({ ok: true, mode: 'platform', sent_to: w.owner.email, error: null });
    const mail = platform.received.find(
      (m) => m.to.includes(w.owner.email) && m.raw.includes('Subject: Test email'),
    );
    expect(mail?.raw).toMatch(/^From: Acme <no-reply@api\.platform\.test>/m);
  });

  it('reports a refused login in a few words (ok false), never the password', async () => {
    const w = await world();
    await t.http
      .put(w.base)
      .set(w.auth)
      .send({ mail: customMail({ password: 'not-the-password' }) })
      .expect(200);
    await pointAtCustomServer(w.workspaceId);
    const wrong = await w.test().expect(200);
    expect(wrong.body).toEqual({
      ok: false,
      mode: 'custom',
      sent_to: w.owner.email,
      error: 'the mail server refused the login',
    });
    expect(wrong.text).not.toContain('not-the-password');
  });

  it('tests unsaved settings without saving them', async () => {
    const w = await world();
    // Nothing listens on 127.0.0.2:2525: the settings sent are the ones tried.
    const unsaved = await w.test({ mail: customMail({ host: '127.0.0.2' }) }).expect(200);
    expect(unsaved.body).toEqual({
      ok: false,
      mode: 'custom',
      sent_to: w.owner.email,
      error: 'could not connect to the mail server',
    });
    expect((await t.http.get(w.base).set(w.auth).expect(200)).body.mail.mode).toBe('platform');
  });

  it('answers 422 for unsaved settings PUT would refuse', async () => {
    const w = await world();
    const refused = await w.test({ mail: customMail({ port: 26 }) }).expect(422);
    expect(refused.body.code).toBe('invalid_mail_settings');
  });

  it("answers 400 while the caller's own email is not verified", async () => {
    const w = await world();
    const admin = await addSignedInMember(
      t,
      w.owner.token,
      { type: 'workspace', id: w.workspaceId },
      'admin',
    );
    const refused = await w.test(undefined, admin.auth).expect(400);
    expect(refused.body.code).toBe('own_email_not_verified');
  });

  it('allows 5 tests per person per minute, then 429 with Retry-After', async () => {
    const w = await world();
    for (let i = 0; i < 5; i++) await w.test().expect(200);
    const limited = await w.test().expect(429);
    expect(limited.body.code).toBe('mail_test_rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the SMTP password and SSO client secrets out of answers, logs, emails, audit records and the outbox', async () => {
    const w = await world();
    await t.http.put(w.base).set(w.auth).send({ mail: customMail() }).expect(200);
    await pointAtCustomServer(w.workspaceId);
    await t.http
      .put(w.base)
      .set(w.auth)
      .send({ mail: customMail({ password: undefined, from_display_name: 'B' }) });
    await w.test().expect(200);
    const sso = await t.http
      .post(`${w.base}/sso`)
      .set(w.auth)
      .send({
        protocol: 'oidc',
        name: 'Okta',
        issuer: 'https://acme.okta.example',
        client_id: 'client-1',
        client_secret: CLIENT_SECRET,
        authorization_endpoint: 'https://acme.okta.example/authorize',
      })
      .expect(201);
    await t.http
      .patch(`${w.base}/sso/${sso.body.id}`)
      .set(w.auth)
      .send({ client_secret: `${CLIENT_SECRET}-2` });
    const answers = [
      (await t.http.get(w.base).set(w.auth).expect(200)).text,
      (await t.http.get(`${w.base}/sso`).set(w.auth).expect(200)).text,
      (await t.http.post(`${w.base}/sso/${sso.body.id}/test-login`).set(w.auth).expect(200)).text,
    ];
    const audit = await t.http.get(`/v1/workspaces/${w.workspaceId}/audit?limit=200`).set(w.auth).expect(200);
    expect(audit.body.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['sign_in.updated', 'sign_in.mail_tested', 'sso_connection.created']),
    );
    const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
    const stored = await uow.read.audit.list({ scope: { type: 'workspace', id: w.workspaceId }, limit: 200 });
    const outbox = await t.running.container.getAsync<MailOutbox>(MAIL_OUTBOX);
    const haystacks = {
      answers: answers.join('\n'),
      logs: t.logs.join('\n'),
      emails: [...platform.received, ...custom.received].map((m) => m.raw).join('\n'),
      audit: audit.text,
      'stored audit': JSON.stringify(stored),
      outbox: JSON.stringify(await outbox.claimDue(new Date(Date.now() + 3600_000), new Date(), 1000)),
    };
    for (const [where, text] of Object.entries(haystacks))
      for (const secret of [SMTP_PASSWORD, CLIENT_SECRET])
        expect({ where, found: text.includes(secret) }).toEqual({ where, found: false });
  });
});
