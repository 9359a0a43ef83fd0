import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 5: secrets (sealed values only), M2M clients (secret hashes only), flags.
const UP = [
  `CREATE TABLE secrets (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    environment_id uuid REFERENCES environments (id) ON DELETE CASCADE,
    key text NOT NULL,
    description text,
    sealed jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  // One key per set; the workspace-wide set has no environment, and NULLs are
  // never equal in a plain unique index, hence the coalesce.
  `CREATE UNIQUE INDEX secrets_set_key_key ON secrets
    (workspace_id, COALESCE(environment_id, '00000000-0000-0000-0000-000000000000'::uuid), key)`,
  `CREATE TABLE m2m_clients (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    secret_hash text NOT NULL,
    scopes jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  'CREATE INDEX m2m_clients_workspace_id_idx ON m2m_clients (workspace_id, created_at)',
  `CREATE TABLE flags (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    key text NOT NULL,
    value_json text NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, key)
  )`,
  'CREATE INDEX audit_events_action_idx ON audit_events (action, created_at DESC)',
];

export class SecretsM2mFlags1767225900000 implements MigrationInterface {
  readonly name = 'SecretsM2mFlags1767225900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX audit_events_action_idx');
    for (const table of ['flags', 'm2m_clients', 'secrets']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
