import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KEY_MANAGEMENT, type KeyManagement, MAIL_OUTBOX, type MailOutbox } from '@groundfloor/domain';
import { MAIL_OUTBOX_CONTEXT, type OutboxWorker } from '@groundfloor/mail-smtp';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@groundfloor/persistence-typeorm';
import pino from 'pino';
import { TestSmtpServer } from '../../../packages/mail-smtp/test/support/test-smtp-server';
import { loadConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';
import { OUTBOX_WORKER } from '../src/tokens';

/*
 * Two replicas on one PostgreSQL database, each with its own connection pool
 * and its own outbox worker, drain one outbox together: every queued email
 * reaches the mail server exactly once. What keeps them apart is the
 * database (`claimDue`: SKIP LOCKED and the lease in one statement), so two
 * pools in one process meet exactly what two processes would.
 */
const postgres = process.env.TEST_DATABASE_URL;
const maybe = postgres ? describe : describe.skip;

maybe('the mail outbox with two replicas on PostgreSQL', () => {
  let smtp: TestSmtpServer;
  let database: ThrowawayDatabase;
  const replicas: RunningServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    database = await createThrowawayDatabase(postgres as string);
    const masterKey = randomBytes(32).toString('base64');
    // One after the other: the first runs the migrations.
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-replica-'));
      dirs.push(dataDir);
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        KMS_MASTER_KEY: masterKey,
        OPERATOR_TOKEN: 'test-operator-token-0123456789',
        SMTP_URL: smtp.url(),
        LOG_LEVEL: 'silent',
      });
      replicas.push(await startServer(config, pino({ level: 'silent' }), { startWorkers: false }));
    }
  });

  afterAll(async () => {
    for (const r of replicas) await r.close();
    await database?.drop();
    await smtp?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('sends each of 60 queued emails exactly once while both workers run at the same time', async () => {
    const [a, b] = replicas as [RunningServer, RunningServer];
    const outbox = await a.container.getAsync<MailOutbox>(MAIL_OUTBOX);
    const kms = await a.container.getAsync<KeyManagement>(KEY_MANAGEMENT);
    const recipients = Array.from({ length: 60 }, (_, i) => `replica-${i}@example.test`);
    const now = new Date();
    for (const [i, to] of recipients.entries()) {
      const content = { from: 'no-reply@example.test', to, subject: `Mail ${i}`, text: `mail number ${i}\n` };
      await outbox.save({
        id: randomUUID(),
        recipient: to,
        template: 'test',
        sealed: await kms.seal(new TextEncoder().encode(JSON.stringify(content)), MAIL_OUTBOX_CONTEXT),
        status: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: new Date(now.getTime() - 60_000 + i),
        nextAttemptAt: new Date(now.getTime() - 1000),
        sentAt: null,
      });
    }
    const workers = await Promise.all([a, b].map((r) => r.container.getAsync<OutboxWorker>(OUTBOX_WORKER)));

    let sent = 0;
    for (let round = 0; round < 10 && sent < recipients.length; round++) {
      const runs = await Promise.all(workers.map((w) => w.runOnce()));
      sent += runs.reduce((n, r) => n + r.sent, 0);
    }

    const delivered = smtp.received.flatMap((m) => m.to);
    expect(delivered.sort()).toEqual([...recipients].sort());
    expect(sent).toBe(recipients.length);
  });
});
