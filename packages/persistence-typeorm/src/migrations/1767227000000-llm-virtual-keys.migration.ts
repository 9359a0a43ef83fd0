import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 12 (model gateway): one row per workspace that minted a virtual key.
// The key itself is shown once and never stored; only its alias at the
// gateway (`<workspace_id>:<n>`) and how many aliases were handed out.
export class LlmVirtualKeys1767227000000 implements MigrationInterface {
  readonly name = 'LlmVirtualKeys1767227000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE llm_virtual_keys (
      workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
      alias_count integer NOT NULL CHECK (alias_count >= 0),
      current_alias text,
      updated_at timestamptz NOT NULL
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE llm_virtual_keys');
  }
}
