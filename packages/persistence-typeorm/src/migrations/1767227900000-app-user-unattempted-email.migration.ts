import type { MigrationInterface, QueryRunner } from 'typeorm';

// Spec, App user: `email_attempted_at` is "when that email was attempted".
// With `send_email: false` (`not_requested`) none was, so the time is null
// from now on; rows written before kept the invitation's time there.
export class AppUserUnattemptedEmail1767227900000 implements MigrationInterface {
  readonly name = 'AppUserUnattemptedEmail1767227900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE app_users SET last_email_attempted_at = NULL WHERE last_email_skipped_reason = 'not_requested'`,
    );
  }

  // The times cleared were not the times of any email: nothing to put back.
  async down(): Promise<void> {}
}
