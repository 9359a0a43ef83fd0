import type { OutboxEntry } from '@groundfloor/domain';
import {
  type MailTransport,
  OutboxWorker,
  type OutboxWorkerDeps,
  type OutgoingMail,
  type SmtpMailer,
} from '../src';
import { sealMailContent } from '../src/mail-content';
import { aMessage, MARKER, mailerWorld, TOKEN } from './support/fixtures';
import { TestSmtpServer } from './support/test-smtp-server';

/** A transport that fails with the given error, or accepts when it is null. */
class ScriptedTransport implements MailTransport {
  readonly sent: OutgoingMail[] = [];
  error: Error | null = null;
  async sendMail(mail: OutgoingMail) {
    if (this.error) throw this.error;
    this.sent.push(mail);
    return {};
  }
  close() {}
}

const connectionRefused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });

describe('OutboxWorker', () => {
  const toStop: Array<OutboxWorker | SmtpMailer> = [];
  let server: TestSmtpServer | undefined;

  afterEach(async () => {
    for (const s of toStop.splice(0)) await (s instanceof OutboxWorker ? s.stop() : s.close());
    await server?.close();
    server = undefined;
  });

  function worldWith(
    deps: Parameters<typeof mailerWorld>[0] = {},
    workerDeps: Partial<OutboxWorkerDeps> = {},
  ) {
    const w = mailerWorld(deps);
    const worker = new OutboxWorker({
      outbox: w.outbox,
      kms: w.kms,
      clock: w.clock,
      mailer: w.mailer,
      logger: w.logger,
      ...workerDeps,
    });
    toStop.push(worker, w.mailer);
    return { ...w, worker };
  }

  it('retries a pending entry once the server is back', async () => {
    server = await TestSmtpServer.start();
    const url = server.url();
    await server.close();
    const { mailer, worker, outbox, clock } = worldWith({ smtpUrl: url });

    await expect(mailer.send(aMessage())).resolves.toBe('failed');
    expect(outbox.only()).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due yet: the backoff holds it.
    await expect(worker.runOnce()).resolves.toEqual({ sent: 0, failed: 0 });

    await server.listen();
    clock.advance(60);
    await expect(worker.runOnce()).resolves.toEqual({ sent: 1, failed: 0 });

    expect(outbox.only()).toMatchObject({ status: 'sent', sealed: null, attempts: 2, lastError: null });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.raw).toContain(MARKER);
  });

  it('backs off exponentially and gives up after the last attempt, dropping the content', async () => {
    const transport = new ScriptedTransport();
    transport.error = connectionRefused();
    const { mailer, worker, outbox, clock, logger } = worldWith({ transport });

    await expect(mailer.send(aMessage())).resolves.toBe('failed');
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      const before = outbox.only();
      waits.push((before.nextAttemptAt.getTime() - clock.now().getTime()) / 1000);
      clock.advance((before.nextAttemptAt.getTime() - clock.now().getTime()) / 1000);
      await expect(worker.runOnce()).resolves.toEqual({ sent: 0, failed: 1 });
    }

    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600]);
    expect(outbox.only()).toMatchObject({ status: 'failed', attempts: 8, sealed: null });
    expect(outbox.only().lastError).toBe('ESOCKET');
    clock.advance(24 * 3600);
    await expect(worker.runOnce()).resolves.toEqual({ sent: 0, failed: 0 });
    expect(logger.text()).not.toContain(MARKER);
  });

  it('marks an entry failed when a retry is refused with a 5xx', async () => {
    const transport = new ScriptedTransport();
    transport.error = connectionRefused();
    const { mailer, worker, outbox, clock } = worldWith({ transport });
    await mailer.send(aMessage());

    transport.error = Object.assign(new Error('Message failed: 550 no'), {
      code: 'EMESSAGE',
      responseCode: 550,
      response: '550 5.7.1 no thanks',
      command: 'DATA',
      permanent: true,
    });
    clock.advance(60);
    await worker.runOnce();

    expect(outbox.only()).toMatchObject({
      status: 'failed',
      sealed: null,
      lastError: 'EMESSAGE 550 5.7.1 DATA',
    });
  });

  it('opens the sealed content under the mail-outbox context and sends it as queued', async () => {
    const transport = new ScriptedTransport();
    transport.error = connectionRefused();
    const { mailer, worker, clock } = worldWith({ transport });
    await mailer.send(aMessage());

    transport.error = null;
    clock.advance(60);
    await worker.runOnce();

    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      to: aMessage().to,
      subject: aMessage().subject,
      text: aMessage().text,
    });
    expect(transport.sent[0]!.html).toContain(TOKEN);
  });

  it('keeps an entry whose content does not open pending, and says so without content', async () => {
    const transport = new ScriptedTransport();
    const { worker, outbox, kms, clock } = worldWith({ transport });
    const sealed = await kms.seal(new TextEncoder().encode(MARKER), 'another-purpose');
    const entry: OutboxEntry = {
      id: 'e-1',
      recipient: 'bob@example.test',
      template: 'invite',
      sealed,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: clock.now(),
      nextAttemptAt: clock.now(),
      sentAt: null,
    };
    await outbox.save(entry);

    await expect(worker.runOnce()).resolves.toEqual({ sent: 0, failed: 1 });

    expect(transport.sent).toHaveLength(0);
    expect(outbox.only()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(outbox.only().lastError).toMatch(/^sealed content did not open/);
    expect(outbox.only().lastError).not.toContain(MARKER);
  });

  it('leaves an entry alone while the first attempt is still waiting on the server', async () => {
    server = await TestSmtpServer.start();
    server.behavior.dataDelayMs = 400;
    const { mailer, worker, outbox, clock } = worldWith({ smtpUrl: server.url(), waitMs: 200 });

    await expect(mailer.send(aMessage())).resolves.toBe('unconfirmed');
    clock.advance(60);
    await expect(worker.runOnce()).resolves.toEqual({ sent: 0, failed: 0 });
    await mailer.drain();

    expect(server.received).toHaveLength(1);
    expect(outbox.only()).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('runs on its interval once started, and stop() waits for the run in progress', async () => {
    const transport = new ScriptedTransport();
    transport.error = connectionRefused();
    const { mailer, worker, outbox, clock } = worldWith({ transport }, { intervalMs: 10 });
    await mailer.send(aMessage());
    transport.error = null;
    clock.advance(60);

    worker.start();
    for (let i = 0; i < 100 && outbox.only().status !== 'sent'; i += 1)
      await new Promise((r) => setTimeout(r, 10));
    await worker.stop();

    expect(outbox.only().status).toBe('sent');
    expect(transport.sent).toHaveLength(1);
  });

  it("stop() also waits for the mailer's background attempts, so the outbox can close after it", async () => {
    server = await TestSmtpServer.start();
    server.behavior.dataDelayMs = 400;
    const { mailer, worker, outbox } = worldWith({ smtpUrl: server.url(), waitMs: 200 });
    worker.start();

    await expect(mailer.send(aMessage())).resolves.toBe('unconfirmed');
    await worker.stop();

    expect(outbox.only()).toMatchObject({ status: 'sent', sealed: null });
  });

  it('without SMTP_URL, keeps a queued message for the platform server pending and says why', async () => {
    const { worker, outbox, clock, kms } = worldWith();
    await outbox.save({
      id: 'e-2',
      recipient: 'bob@example.test',
      template: 'invite',
      sealed: await sealMailContent(kms, {
        from: 'no-reply@control.test',
        to: 'bob@example.test',
        subject: 's',
        text: 't',
      }),
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: clock.now(),
      nextAttemptAt: clock.now(),
      sentAt: null,
    });
    await expect(worker.runOnce()).resolves.toEqual({ sent: 0, failed: 1 });
    expect(outbox.only()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ENOTCONFIGURED' });
  });
});
