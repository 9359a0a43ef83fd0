import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import { AppUserUnattemptedEmail1767227900000 } from '../src/migrations/1767227900000-app-user-unattempted-email.migration';
import { insertWorkspaceRows } from './support/migration-workspace';

/** Migration 1767227900000 on app users written before it: only `not_requested` loses its attempt time. */
describe('the app-user unattempted-email migration', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('clears the attempt time of emails that were never asked for, and keeps every other', async () => {
    const q = database.dataSource.createQueryRunner();
    try {
      const { workspaceId } = await insertWorkspaceRows(q);
      // [email, sent, skipped reason]
      const rows: [string, boolean | null, string | null][] = [
        ['not-asked', false, 'not_requested'],
        ['sent', true, null],
        ['failed', false, 'send_failed'],
        ['unconfirmed', null, 'delivery_unconfirmed'],
      ];
      for (const [name, sent, reason] of rows) {
        await q.query(
          `INSERT INTO app_users (id, workspace_id, email, enabled, email_verified, roles, password_change_required,
             sso_connection_ids, resend_count, invite_pending, last_email_sent, last_email_skipped_reason,
             last_email_attempted_at, created_at, updated_at)
           VALUES ($1, $2, $3, true, false, '["user"]', false, '[]', 0, true, $4, $5, now(), now(), now())`,
          [randomUUID(), workspaceId, `${name}@example.test`, sent, reason],
        );
      }
      await new AppUserUnattemptedEmail1767227900000().up(q);
      const attempted = await q.query(
        `SELECT email, last_email_attempted_at IS NOT NULL AS attempted, last_email_skipped_reason AS reason
         FROM app_users WHERE workspace_id = $1 ORDER BY email`,
        [workspaceId],
      );
      expect(attempted).toEqual([
        { email: 'failed@example.test', attempted: true, reason: 'send_failed' },
        { email: 'not-asked@example.test', attempted: false, reason: 'not_requested' },
        { email: 'sent@example.test', attempted: true, reason: null },
        { email: 'unconfirmed@example.test', attempted: true, reason: 'delivery_unconfirmed' },
      ]);
    } finally {
      await q.release();
    }
  });
});
