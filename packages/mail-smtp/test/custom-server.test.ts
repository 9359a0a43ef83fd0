import type { SmtpServer } from '@groundfloor/domain';
import { OutboxWorker, type SmtpMailer, viaTransportFactory } from '../src';
import { openMailContent } from '../src/mail-content';
import { aMessage, FROM, MARKER, mailerWorld } from './support/fixtures';
import { TestSmtpServer } from './support/test-smtp-server';

const PASSWORD = 'ws-SMTP-pa55-7c1d';

/** Sign-in mail through a workspace's own server (`EmailMessage.via`), against real servers on loopback. */
describe('SmtpMailer with a workspace mail server (via)', () => {
  let platform: TestSmtpServer;
  let custom: TestSmtpServer;
  const mailers: SmtpMailer[] = [];
  const world = (deps: Parameters<typeof mailerWorld>[0] = {}) => {
    const w = mailerWorld({ smtpUrl: platform.url(), allowPrivateMailHosts: true, ...deps });
    mailers.push(w.mailer);
    return w;
  };
  const via = (overrides: Partial<SmtpServer> = {}): SmtpServer => ({
    host: '127.0.0.1',
    port: custom.port,
    username: 'ws-mailer',
    password: PASSWORD,
    ssl: false,
    starttls: false,
    ...overrides,
  });

  beforeEach(async () => {
    platform = await TestSmtpServer.start();
    custom = await TestSmtpServer.start({ credentials: { user: 'ws-mailer', pass: PASSWORD } });
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((m) => m.close()));
    await platform.close();
    await custom.close();
  });

  it("delivers through the workspace's server only, as its sender, logged in with its credentials", async () => {
    const { mailer } = world();
    const sent = await mailer.send(
      aMessage({ via: via(), from: { name: 'Acme "Login"', email: 'login@acme.example' } }),
    );
    expect(sent).toBe('sent');
    expect(platform.received).toHaveLength(0);
    expect(custom.received).toHaveLength(1);
    const mail = custom.received[0]!;
    expect(mail.user).toBe('ws-mailer');
    expect(mail.from).toBe('login@acme.example');
    expect(mail.raw).toMatch(/^From: "Acme \\"Login\\"" <login@acme\.example>/m);
  });

  it('names the organization as the sender of platform mail, with the MAIL_FROM address', async () => {
    const { mailer } = world();
    await mailer.send(aMessage({ from: { name: 'Acme Corp' } }));
    expect(platform.received[0]!.from).toBe(FROM);
    expect(platform.received[0]!.raw).toMatch(/^From: Acme Corp <no-reply@control\.test>/m);
  });

  it('sends via messages without SMTP_URL', async () => {
    const { mailer } = world({ smtpUrl: undefined });
    await expect(mailer.send(aMessage({ via: via() }))).resolves.toBe('sent');
    await expect(mailer.send(aMessage())).resolves.toBe('not_configured');
    expect(custom.received).toHaveLength(1);
  });

  it('never falls back to the platform server, and retries later through the same server, its password sealed', async () => {
    const { mailer, outbox, kms, clock, logger } = world();
    const port = custom.port;
    await custom.close();
    await expect(mailer.send(aMessage({ via: via({ port }) }))).resolves.toBe('failed');
    expect(platform.received).toHaveLength(0);
    const entry = outbox.only();
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    for (const write of outbox.writes) expect(write).not.toContain(PASSWORD);
    expect((await openMailContent(kms, entry.sealed!)).via).toEqual(via({ port }));

    await custom.listen(port);
    clock.advance(60);
    const worker = new OutboxWorker({ outbox, kms, clock, mailer, logger });
    await expect(worker.runOnce()).resolves.toEqual({ sent: 1, failed: 0 });
    expect(custom.received).toHaveLength(1);
    expect(platform.received).toHaveLength(0);
    expect(logger.text()).not.toContain(PASSWORD);
  });

  it("refuses a server on a private address unless private hosts are allowed, and never tries the platform's", async () => {
    const { mailer, outbox } = world({ allowPrivateMailHosts: false });
    await expect(mailer.send(aMessage({ via: via() }))).resolves.toBe('failed');
    expect(outbox.only()).toMatchObject({ status: 'failed', lastError: 'EPRIVATEHOST' });
    expect(custom.received).toHaveLength(0);
    expect(platform.received).toHaveLength(0);
  });

  describe('test messages', () => {
    it('are sent at once and never queued', async () => {
      const { mailer, outbox } = world();
      await expect(mailer.test(aMessage({ via: via() }))).resolves.toEqual({ result: 'sent', failure: null });
      expect(custom.received).toHaveLength(1);
      expect(outbox.entries.size).toBe(0);
    });

    it.each([
      ['a wrong password', () => ({ password: 'wrong' }), 'auth_failed'],
      ['STARTTLS required but not offered', () => ({ starttls: true }), 'tls_failed'],
      ['nobody listening', () => ({ port: 1 }), 'connection_failed'],
    ])('say why they failed: %s', async (_why, change, failure) => {
      const { mailer, logger } = world();
      await expect(mailer.test(aMessage({ via: via(change()) }))).resolves.toEqual({
        result: 'failed',
        failure,
      });
      expect(logger.text()).not.toContain(PASSWORD);
      expect(logger.text()).not.toContain(MARKER);
    });

    it('say the server refused the message', async () => {
      const { mailer } = world();
      custom.behavior.rcpt = 550;
      await expect(mailer.test(aMessage({ via: via() }))).resolves.toEqual({
        result: 'failed',
        failure: 'refused',
      });
    });

    it('give up after waitMs', async () => {
      const { mailer } = world({ waitMs: 150 });
      custom.behavior.dataDelayMs = 1000;
      await expect(mailer.test(aMessage({ via: via() }))).resolves.toEqual({
        result: 'unconfirmed',
        failure: 'timed_out',
      });
    });

    it('refuse a private server unless allowed', async () => {
      const { mailer } = world({ allowPrivateMailHosts: false });
      await expect(mailer.test(aMessage({ via: via() }))).resolves.toEqual({
        result: 'failed',
        failure: 'host_not_public',
      });
    });
  });
});

describe('viaTransportFactory', () => {
  const server: SmtpServer = {
    host: 'mail.acme.example',
    port: 587,
    username: null,
    password: null,
    ssl: false,
    starttls: true,
  };

  it('refuses a name that resolves to any private address (DNS rebinding after the settings were saved)', async () => {
    const open = viaTransportFactory({
      allowPrivateHosts: false,
      lookup: async () => ['203.0.114.7', '10.0.0.1'],
    });
    await expect(open(server)).rejects.toMatchObject({ code: 'EPRIVATEHOST' });
  });

  it('refuses a name that does not resolve', async () => {
    const open = viaTransportFactory({
      allowPrivateHosts: false,
      lookup: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    await expect(open(server)).rejects.toMatchObject({ code: 'EDNS' });
  });

  it('opens a transport to a public address', async () => {
    const open = viaTransportFactory({ allowPrivateHosts: false, lookup: async () => ['203.0.114.7'] });
    const transport = await open(server);
    transport.close();
  });
});
