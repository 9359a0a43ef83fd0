import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import { AppUserInvitePending1767227800000 } from '../src/migrations/1767227800000-app-user-invite-pending.migration';
import { insertWorkspaceRows } from './support/migration-workspace';

/**
 * Migration 1767227800000 on app users written before it: only a user with
 * no password, or one whose temporary password came from the
 * temporary-password route (never on a verified email; add and redeem
 * verify it) and is unused, is still pending.
 */
describe('the app-user invite_pending migration', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('marks pending the users who have not set a password yet', async () => {
    const q = database.dataSource.createQueryRunner();
    const migration = new AppUserInvitePending1767227800000();
    try {
      await migration.down(q);
      const { workspaceId } = await insertWorkspaceRows(q);
      // [email, password hash, password change required, email verified]
      const rows: [string, string | null, boolean, boolean][] = [
        ['invited', null, false, false],
        ['handed-over', 'hash', true, false],
        ['added-temporary', 'hash', true, true],
        ['added', 'hash', false, true],
        ['redeemed', 'hash', false, true],
        ['used-temporary', 'hash', false, false],
      ];
      for (const [name, hash, changeRequired, verified] of rows) {
        await q.query(
          `INSERT INTO app_users (id, workspace_id, email, enabled, email_verified, roles, password_hash,
             password_change_required, sso_connection_ids, resend_count, created_at, updated_at)
           VALUES ($1, $2, $3, true, $4, '["user"]', $5, $6, '[]', 0, now(), now())`,
          [randomUUID(), workspaceId, `${name}@example.test`, verified, hash, changeRequired],
        );
      }
      await migration.up(q);
      const pending = await q.query(
        'SELECT email FROM app_users WHERE workspace_id = $1 AND invite_pending ORDER BY email',
        [workspaceId],
      );
      expect(pending.map((r: { email: string }) => r.email)).toEqual([
        'handed-over@example.test',
        'invited@example.test',
      ]);
    } finally {
      await q.release();
    }
  });
});
