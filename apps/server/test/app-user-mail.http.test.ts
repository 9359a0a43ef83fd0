import {
  MAIL_OUTBOX,
  type MailOutbox,
  PASSWORD_HASHER,
  type PasswordHasher,
  UNIT_OF_WORK,
  type UnitOfWork,
} from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import { TestSmtpServer } from '../../../packages/mail-smtp/test/support/test-smtp-server';
import { uniqueEmail } from './support/api';
import { platformWorkspace, publicCall } from './support/app-users';
import { startTestServer, type TestServer } from './support/test-server';

const SMTP_PASSWORD = 'smtp-app-users-PASSWORD-5c1e';

/** A fast stand-in for argon2 whose hashes can be made slower than the deadline. */
class SlowableHasher implements PasswordHasher {
  slow = false;
  async hash(password: string) {
    if (this.slow) await new Promise((resolve) => setTimeout(resolve, 1500));
    return `slowable$${password}`;
  }
  async verify(hash: string, password: string) {
    return hash === `slowable$${password}`;
  }
}

/** Quoted-printable undone, so links and searched-for secrets are whole again. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/*
 * App-user email through real SMTP servers on loopback (the platform's, and
 * a workspace's own), setting passwords against a hasher slower than the
 * deadline (504, 502), and a search of logs, emails, audit records and the
 * outbox for every password and one-time token used. SMTP and the hasher do
 * not depend on the database: the embedded one is enough.
 */
describe('app-user mail and passwords (real SMTP, slow hasher)', () => {
  let platform: TestSmtpServer;
  let custom: TestSmtpServer;
  let t: TestServer;
  const hasher = new SlowableHasher();
  const passwords: string[] = [];
  const linkTokens: string[] = [];
  const emailedTokens: string[] = [];

  beforeAll(async () => {
    platform = await TestSmtpServer.start();
    custom = await TestSmtpServer.start({ credentials: { user: 'app-mailer', pass: SMTP_PASSWORD } });
    t = await startTestServer(
      'pglite',
      {
        TRUST_PROXY: 'true',
        SMTP_URL: platform.url(),
        ALLOW_PRIVATE_MAIL_HOSTS: 'true',
        APP_USER_PASSWORD_TIMEOUT_MS: '300',
      },
      [new ContainerModule(({ rebind }) => void rebind(PASSWORD_HASHER).toConstantValue(hasher))],
      { realMailer: true },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await custom?.close();
    await platform?.close();
  });

  /** The token of the last email the server received for `to`. */
  function receivedToken(server: TestSmtpServer, to: string): string {
    const mail = [...server.received].reverse().find((m) => m.to.includes(to));
    const token = /#token=([A-Za-z0-9_-]+)/.exec(decoded(mail?.raw ?? ''))?.[1];
    if (!token) throw new Error(`no link reached ${to}`);
    emailedTokens.push(token);
    return token;
  }

  it('invites through the platform server, with the organization as sender, and the link works', async () => {
    const w = await platformWorkspace(t);
    const email = uniqueEmail('smtp-invitee');
    const invited = await w.invite({ email }).expect(201);
    expect(invited.body).toMatchObject({ email_sent: true, email_skipped_reason: null });
    const mail = platform.received.find((m) => m.to.includes(email));
    expect(decoded(mail?.raw ?? '')).toMatch(/^From: .*<no-reply@127\.0\.0\.1>/m);
    const token = receivedToken(platform, email);
    passwords.push('chosen over smtp 1');
    await publicCall(t, '/v1/public/invite-links/redeem', { token, password: 'chosen over smtp 1' }).expect(
      200,
    );
    await publicCall(t, w.tokenPath, { email, password: 'chosen over smtp 1' }).expect(200);
  });

  it("uses the workspace's own mail server when it has one, and never the platform's", async () => {
    const w = await platformWorkspace(t);
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/auth`)
      .set(w.auth)
      .send({
        mail: {
          mode: 'custom',
          host: '127.0.0.1',
          port: 2525,
          from_email: 'login@acme.example',
          from_display_name: 'Acme Login',
          username: 'app-mailer',
          password: SMTP_PASSWORD,
          ssl: false,
          starttls: false,
        },
      })
      .expect(200);
    const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
    await uow.transaction(async (tx) => {
      const config = await tx.signInConfigs.findForUpdate(w.workspaceId);
      if (config?.mail.mode !== 'custom') throw new Error('no custom mail block');
      await tx.signInConfigs.save({ ...config, mail: { ...config.mail, port: custom.port as 2525 } });
    });
    const before = platform.received.length;
    const email = uniqueEmail('custom-invitee');
    await w.invite({ email }).expect(201);
    expect(custom.received.at(-1)).toMatchObject({
      to: [email],
      from: 'login@acme.example',
      user: 'app-mailer',
    });
    receivedToken(custom, email);
    expect(platform.received.length).toBe(before);

    custom.behavior = { rcpt: 550 };
    try {
      const refused = await w.invite({ email: uniqueEmail('refused') }).expect(201);
      expect(refused.body).toMatchObject({ email_sent: false, email_skipped_reason: 'send_failed' });
      expect(platform.received.length).toBe(before);
    } finally {
      custom.behavior = {};
    }
  });

  it('504 when setting a generated or temporary password outlasts the deadline; 502 on redeem, the link still usable', async () => {
    const w = await platformWorkspace(t);
    const email = uniqueEmail('slow');
    await w.invite({ email }).expect(201);
    const token = receivedToken(platform, email);
    const pending = await w.invite({ email: uniqueEmail('slow-pending'), send_email: false }).expect(201);
    hasher.slow = true;
    try {
      expect(
        (await w.add({ email: uniqueEmail('slow-add'), generate_password: true }).expect(504)).body.code,
      ).toBe('password_save_timeout');
      const temporary = await t.http
        .post(`${w.users}/${pending.body.id}/temporary-password`)
        .set(w.auth)
        .expect(504);
      expect(temporary.body.code).toBe('password_save_timeout');
      passwords.push('chosen while slow');
      const redeem = await publicCall(t, '/v1/public/invite-links/redeem', {
        token,
        password: 'chosen while slow',
      });
      expect(redeem.status).toBe(502);
      expect(redeem.body.code).toBe('password_not_saved');
    } finally {
      hasher.slow = false;
    }
    await publicCall(t, '/v1/public/invite-links/redeem', { token, password: 'chosen while slow' }).expect(
      200,
    );
  });

  it('keeps every password and one-time token out of logs, emails, audit records and the outbox', async () => {
    const w = await platformWorkspace(t);
    const added = await w
      .add({ email: uniqueEmail('pw-added'), password: 'admin set password 1' })
      .expect(201);
    passwords.push('admin set password 1');
    const generated = await w
      .add({ email: uniqueEmail('pw-generated'), generate_password: true })
      .expect(201);
    passwords.push(generated.body.temporary_password);
    const pending = await w.invite({ email: uniqueEmail('pw-pending'), send_email: false }).expect(201);
    const link = await t.http.post(`${w.users}/${pending.body.id}/invite-link`).set(w.auth).expect(201);
    linkTokens.push(link.body.url.split('#token=')[1]);
    await publicCall(t, '/v1/public/invite-links/redeem', {
      token: linkTokens[0],
      password: 'one time chosen',
    }).expect(200);
    passwords.push('one time chosen');
    const temp = await w.invite({ email: uniqueEmail('pw-temp'), send_email: false }).expect(201);
    const temporary = await t.http
      .post(`${w.users}/${temp.body.id}/temporary-password`)
      .set(w.auth)
      .expect(200);
    passwords.push(temporary.body.temporary_password);
    await publicCall(t, w.tokenPath, {
      email: temporary.body.email,
      password: temporary.body.temporary_password,
      new_password: 'new after temporary',
    }).expect(200);
    passwords.push('new after temporary');
    await t.http.post(`${w.users}/${added.body.id}/reset-password`).set(w.auth).expect(202);
    const resetToken = receivedToken(platform, added.body.email);
    await publicCall(t, '/v1/public/invite-links/redeem', {
      token: resetToken,
      password: 'reset chosen pw',
    }).expect(200);
    passwords.push('reset chosen pw');
    await publicCall(t, w.tokenPath, { email: added.body.email, password: 'reset chosen pw' }).expect(200);

    const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
    const audit = [];
    for (const workspaceId of [w.workspaceId]) {
      audit.push(
        ...(await uow.read.audit.list({ scope: { type: 'workspace', id: workspaceId }, limit: 200 })),
      );
    }
    const outbox = await t.running.container.getAsync<MailOutbox>(MAIL_OUTBOX);
    const emails = [...platform.received, ...custom.received].map((m) => decoded(m.raw)).join('\n');
    const haystacks = {
      logs: t.logs.join('\n'),
      emails,
      audit: JSON.stringify(audit),
      outbox: JSON.stringify(await outbox.claimDue(new Date(Date.now() + 3600_000), new Date(), 1000)),
    };
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['app_user.added', 'app_user.password_set', 'app_user.temporary_password_set']),
    );
    expect(emailedTokens.length).toBeGreaterThanOrEqual(4);
    const lookFor = (secrets: string[], where: (keyof typeof haystacks)[]) => {
      for (const place of where)
        for (const secret of secrets)
          expect({ place, secret, found: haystacks[place].includes(secret) }).toEqual({
            place,
            secret,
            found: false,
          });
    };
    lookFor([...passwords, ...linkTokens], ['logs', 'emails', 'audit', 'outbox']);
    // An emailed link's token is in its own email (that is the link); nowhere else.
    lookFor(emailedTokens, ['logs', 'audit']);
    expect(haystacks.logs).not.toContain(SMTP_PASSWORD);
  });
});
