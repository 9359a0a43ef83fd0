import type { MigrationInterface, QueryRunner } from 'typeorm';

// Spec, States and transitions, App user: `invite_pending` ends when the
// user sets a password (redeem, add, a temporary password used), not when
// an admin sets a temporary password through the temporary-password route.
// It was read as "no password hash yet", which that route ended at once; a
// user given a temporary password there and one added with a temporary
// password have the same password fields, so it is stored now.
//
// Existing rows: until now only add and redeem marked an app user's email
// verified, and both end `invite_pending`; the temporary-password route
// does not. So a row whose password is still temporary on an unverified
// email got it from that route and has not used it (using it clears
// password_change_required): that user is still pending, as is one with no
// password.
export class AppUserInvitePending1767227800000 implements MigrationInterface {
  readonly name = 'AppUserInvitePending1767227800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE app_users ADD COLUMN invite_pending boolean');
    await q.query(`
      UPDATE app_users SET invite_pending =
        password_hash IS NULL OR (password_change_required AND NOT email_verified)`);
    await q.query('ALTER TABLE app_users ALTER COLUMN invite_pending SET NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE app_users DROP COLUMN invite_pending');
  }
}
