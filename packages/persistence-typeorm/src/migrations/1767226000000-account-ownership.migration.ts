import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 8: which organization set a password its owner has not yet proven
// (docs/security.md). Existing accounts start with none recorded: those that
// never proved their mailbox are then trusted by no organization, the safe side.
export class AccountOwnership1767226000000 implements MigrationInterface {
  name = 'AccountOwnership1767226000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users ADD COLUMN password_set_by_organization_id uuid');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN password_set_by_organization_id');
  }
}
