import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 10: workloads, apps, data collections and site-role grants.
const UP = [
  `CREATE TABLE workloads (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    kind text NOT NULL,
    status text NOT NULL,
    manifest_json text NOT NULL,
    created_at timestamptz NOT NULL,
    archived_at timestamptz
  )`,
  'CREATE INDEX workloads_workspace_id_idx ON workloads (workspace_id, created_at)',
  `CREATE TABLE apps (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    slug text NOT NULL,
    kind text NOT NULL,
    environment_id uuid NOT NULL REFERENCES environments (id),
    primary_coderunner_id uuid REFERENCES workloads (id),
    manifest_json text NOT NULL,
    git_repo_url text,
    visibility text NOT NULL,
    status text NOT NULL,
    promoted_from_app_id uuid REFERENCES apps (id),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    archived_at timestamptz
  )`,
  // One slug per workspace, archived apps included: two concurrent creates
  // with one slug cannot both commit, whatever the checks before them saw.
  'CREATE UNIQUE INDEX apps_workspace_id_slug_key ON apps (workspace_id, slug)',
  'CREATE INDEX apps_workspace_id_created_at_idx ON apps (workspace_id, created_at, id)',
  `CREATE TABLE data_collections (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL,
    workload_grants jsonb NOT NULL,
    CONSTRAINT data_collections_workspace_id_name_key PRIMARY KEY (workspace_id, name)
  )`,
  // Grants of site roles: resource_id is the collection name, the app id, or
  // '' for the workspace's files. Rows name roles, not role records: custom
  // roles arrive with platform sign-in and the built-ins have no rows.
  `CREATE TABLE site_role_grants (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    resource text NOT NULL,
    resource_id text NOT NULL,
    role text NOT NULL,
    action text NOT NULL,
    PRIMARY KEY (workspace_id, resource, resource_id, role, action)
  )`,
];

export class AppsWorkloadsAccess1767226300000 implements MigrationInterface {
  readonly name = 'AppsWorkloadsAccess1767226300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['site_role_grants', 'data_collections', 'apps', 'workloads'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
