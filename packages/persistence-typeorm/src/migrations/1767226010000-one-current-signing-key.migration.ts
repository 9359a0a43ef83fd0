import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 14 (several replicas): at most one current signing key. Two replicas
// that rotated at once before this could have left two; the newer stays.
export class OneCurrentSigningKey1767226010000 implements MigrationInterface {
  name = 'OneCurrentSigningKey1767226010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE signing_keys SET retired_at = now()
       WHERE retired_at IS NULL AND kid <> (
         SELECT kid FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid LIMIT 1)`,
    );
    await q.query(
      'CREATE UNIQUE INDEX signing_keys_one_current ON signing_keys ((true)) WHERE retired_at IS NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX signing_keys_one_current');
  }
}
