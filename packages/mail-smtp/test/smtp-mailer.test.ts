import { createServer, type Server, type Socket } from 'node:net';
import { createSmtpTransport, parseSmtpUrl, SmtpMailer } from '../src';
import { aMessage, FROM, MARKER, mailerWorld, RECIPIENT, SUBJECT_MARKER, TOKEN } from './support/fixtures';
import { TestSmtpServer } from './support/test-smtp-server';

const SECRETS = [MARKER, SUBJECT_MARKER, TOKEN];

describe('SmtpMailer', () => {
  let server: TestSmtpServer;
  const mailers: SmtpMailer[] = [];
  const world = (deps: Parameters<typeof mailerWorld>[0] = {}) => {
    const w = mailerWorld({ smtpUrl: server.url(), ...deps });
    mailers.push(w.mailer);
    return w;
  };

  beforeEach(async () => {
    server = await TestSmtpServer.start({ credentials: { user: 'mailer', pass: 'p@ss:w/rd%' } });
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((m) => m.close()));
    await server.close();
  });

  it('sends through the server: sent, text part, recipient, sender, credentials from SMTP_URL', async () => {
    const { mailer, outbox, kms } = world();

    await expect(mailer.send(aMessage())).resolves.toBe('sent');

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.to).toEqual([RECIPIENT]);
    expect(mail.from).toBe(FROM);
    expect(mail.user).toBe('mailer');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toContain(`Hello ${MARKER}`);
    expect(kms.contexts).toEqual(['mail-outbox']);
    const entry = outbox.only();
    expect(entry).toMatchObject({
      status: 'sent',
      sealed: null,
      attempts: 1,
      lastError: null,
      template: 'set_password',
    });
    expect(entry.sentAt).toEqual(entry.createdAt);
  });

  it('sends a text-only message when there is no html', async () => {
    const { mailer } = world();
    await expect(mailer.send(aMessage({ html: undefined }))).resolves.toBe('sent');
    expect(server.received[0]!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(server.received[0]!.raw).not.toMatch(/text\/html/i);
  });

  it('stores the content sealed, never in plaintext, and drops it once sent', async () => {
    const { mailer, outbox } = world();

    await mailer.send(aMessage());

    expect(outbox.writes.length).toBeGreaterThanOrEqual(2);
    const first = JSON.parse(outbox.writes[0]!);
    expect(first.status).toBe('pending');
    expect(first.sealed).not.toBeNull();
    for (const write of outbox.writes) for (const secret of SECRETS) expect(write).not.toContain(secret);
    expect(outbox.only().sealed).toBeNull();
  });

  it('answers failed and marks the entry failed when the server rejects the recipient with a 5xx', async () => {
    const { mailer, outbox } = world();
    server.behavior.rcpt = 550;

    await expect(mailer.send(aMessage())).resolves.toBe('failed');

    expect(server.received).toHaveLength(0);
    const entry = outbox.only();
    expect(entry).toMatchObject({ status: 'failed', sealed: null, attempts: 1 });
    expect(entry.lastError).toContain('550');
    expect(entry.lastError).not.toContain('No such user');
    expect(entry.lastError).not.toContain(RECIPIENT);
  });

  it('answers failed and marks the entry failed when the server refuses DATA with a 5xx', async () => {
    const { mailer, outbox } = world();
    server.behavior.data = 554;

    await expect(mailer.send(aMessage())).resolves.toBe('failed');

    expect(outbox.only()).toMatchObject({ status: 'failed', sealed: null });
    expect(outbox.only().lastError).toMatch(/^EMESSAGE 554\b/);
  });

  it('answers failed on a transient 4xx but keeps the entry pending, sealed, for a retry with backoff', async () => {
    const { mailer, outbox, clock } = world();
    server.behavior.data = 451;

    await expect(mailer.send(aMessage())).resolves.toBe('failed');

    const entry = outbox.only();
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(entry.sealed).not.toBeNull();
    expect(entry.lastError).toContain('451');
    expect(entry.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
  });

  it('answers unconfirmed past waitMs, then records sent when the server answers', async () => {
    const { mailer, outbox } = world({ waitMs: 200 });
    server.behavior.dataDelayMs = 700;

    await expect(mailer.send(aMessage())).resolves.toBe('unconfirmed');
    // Still untouched: send came back before the server answered.
    expect(outbox.only()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(outbox.only().sealed).not.toBeNull();

    await mailer.drain();

    expect(outbox.only()).toMatchObject({ status: 'sent', sealed: null, attempts: 1 });
    expect(server.received).toHaveLength(1);
  });

  it('answers failed and keeps the entry pending when the server cannot be reached', async () => {
    const { mailer, outbox } = world();
    await server.close();

    await expect(mailer.send(aMessage())).resolves.toBe('failed');

    const entry = outbox.only();
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(entry.lastError).toContain('ECONNREFUSED');
  });

  it('answers failed and queues nothing when the content cannot be sealed', async () => {
    const { mailer, outbox, kms, logger } = world();
    kms.unavailable = true;

    await expect(mailer.send(aMessage())).resolves.toBe('failed');

    expect(outbox.entries.size).toBe(0);
    expect(server.received).toHaveLength(0);
    expect(logger.lines.some((l) => l.level === 'error')).toBe(true);
  });

  it('never logs the content, the link, the token or the recipient', async () => {
    // Wide enough that a busy machine still delivers the first three in time.
    const { mailer, logger } = world({ waitMs: 1500 });
    await mailer.send(aMessage());
    server.behavior.rcpt = 550;
    await mailer.send(aMessage());
    server.behavior = { data: 451 };
    await mailer.send(aMessage());
    server.behavior = { dataDelayMs: 2500 };
    await mailer.send(aMessage());
    await mailer.drain();

    expect(logger.lines.map((l) => (l.obj as { outcome?: string }).outcome)).toEqual(
      expect.arrayContaining(['sent', 'failed', 'retry', 'unconfirmed']),
    );
    const logged = logger.text();
    for (const secret of [...SECRETS, RECIPIENT, 'set-password', 'p@ss'])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('set_password');
  });
});

describe('SmtpMailer against a server that never greets', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('gives up on the transport timeout and keeps the entry for a retry', async () => {
    const { port } = silent.address() as { port: number };
    const transport = createSmtpTransport(parseSmtpUrl(`smtp://127.0.0.1:${port}`), 300);
    const { mailer, outbox } = mailerWorld({ transport, waitMs: 100 });

    await expect(mailer.send(aMessage())).resolves.toBe('unconfirmed');
    await mailer.drain();

    expect(outbox.only()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(outbox.only().lastError).toMatch(/^ETIMEDOUT (GREETING|SOCKET)_TIMEOUT/);
    transport.close();
  });
});

describe('SmtpMailer without SMTP_URL', () => {
  it.each([undefined, '', '  '])(
    'answers not_configured and records a skipped entry without content (%p)',
    async (smtpUrl) => {
      const { mailer, outbox, kms, logger } = mailerWorld(smtpUrl === undefined ? {} : { smtpUrl });

      await expect(mailer.send(aMessage())).resolves.toBe('not_configured');

      expect(outbox.only()).toMatchObject({
        status: 'skipped',
        sealed: null,
        attempts: 0,
        template: 'set_password',
      });
      expect(kms.contexts).toEqual([]);
      expect(logger.text()).not.toContain(MARKER);
      await mailer.close();
    },
  );

  it('rejects an invalid SMTP_URL at construction, without echoing credentials', () => {
    expect(() => mailerWorld({ smtpUrl: 'http://bob:hunter2@mail.test' })).toThrow(/^SMTP_URL /);
    expect(() => mailerWorld({ smtpUrl: 'http://bob:hunter2@mail.test' })).not.toThrow(/hunter2/);
  });
});
