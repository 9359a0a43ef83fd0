import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 11: workspace sign-in (app end users). App users live in their own
// directory, apart from the portal's `users`: the two never share a row.
const UP = [
  `CREATE TABLE sign_in_configs (
    workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    mode text NOT NULL,
    platform_status text,
    platform_realm text,
    platform_issuer text,
    platform_created_at timestamptz,
    platform_disabled_at timestamptz,
    external_json text,
    multi_tenant_enabled boolean NOT NULL,
    host_custom_domain text,
    host_custom_domain_status text,
    host_verification_token text,
    host_claimed_at timestamptz,
    host_verified_at timestamptz,
    branding_json text,
    mail_json text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  // One workspace per sign-in host, pending claims included: two workspaces
  // claiming one host at once cannot both commit.
  'CREATE UNIQUE INDEX sign_in_configs_custom_domain_key ON sign_in_configs (host_custom_domain)',
  `CREATE TABLE sign_in_assets (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind text NOT NULL,
    content_type text NOT NULL,
    bytes bytea NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, kind)
  )`,
  `CREATE TABLE app_users (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    email text NOT NULL,
    first_name text,
    last_name text,
    enabled boolean NOT NULL,
    email_verified boolean NOT NULL,
    roles jsonb NOT NULL,
    password_hash text,
    password_change_required boolean NOT NULL,
    temporary_password_set_at timestamptz,
    sso_connection_ids jsonb NOT NULL,
    invite_app_id uuid,
    last_email_sent boolean,
    last_email_skipped_reason text,
    last_email_attempted_at timestamptz,
    resend_window_started_at timestamptz,
    resend_count integer NOT NULL,
    last_invitation_sent_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    last_login_at timestamptz
  )`,
  'CREATE UNIQUE INDEX app_users_workspace_id_email_key ON app_users (workspace_id, email)',
  'CREATE INDEX app_users_workspace_id_created_at_idx ON app_users (workspace_id, created_at, id)',
  `CREATE TABLE app_user_links (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
    kind text NOT NULL,
    token_hash text NOT NULL,
    app_id uuid,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    cancelled_at timestamptz
  )`,
  'CREATE UNIQUE INDEX app_user_links_token_hash_key ON app_user_links (token_hash)',
  'CREATE INDEX app_user_links_user_id_idx ON app_user_links (user_id, created_at)',
  `CREATE TABLE app_user_sessions (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
    client_id text NOT NULL,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz
  )`,
  'CREATE INDEX app_user_sessions_user_id_idx ON app_user_sessions (user_id)',
  `CREATE TABLE app_user_refresh_tokens (
    id uuid PRIMARY KEY,
    session_id uuid NOT NULL REFERENCES app_user_sessions (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    spent_at timestamptz
  )`,
  'CREATE INDEX app_user_refresh_tokens_session_id_idx ON app_user_refresh_tokens (session_id)',
  `CREATE TABLE app_roles (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    description text,
    permissions jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, name)
  )`,
  `CREATE TABLE tenants (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    alias text,
    domains jsonb NOT NULL,
    enabled boolean NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  'CREATE UNIQUE INDEX tenants_workspace_id_alias_key ON tenants (workspace_id, alias)',
  'CREATE INDEX tenants_workspace_id_created_at_idx ON tenants (workspace_id, created_at, id)',
  `CREATE TABLE tenant_members (
    tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, user_id)
  )`,
  'CREATE INDEX tenant_members_user_id_idx ON tenant_members (user_id)',
  `CREATE TABLE sso_connections (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    protocol text NOT NULL,
    name text NOT NULL,
    enabled boolean NOT NULL,
    settings_json text NOT NULL,
    client_secret jsonb,
    organization_id uuid REFERENCES tenants (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  'CREATE INDEX sso_connections_workspace_id_idx ON sso_connections (workspace_id, created_at, id)',
];

const TABLES = [
  'sso_connections',
  'tenant_members',
  'tenants',
  'app_roles',
  'app_user_refresh_tokens',
  'app_user_sessions',
  'app_user_links',
  'app_users',
  'sign_in_assets',
  'sign_in_configs',
];

export class WorkspaceSignIn1767226500000 implements MigrationInterface {
  readonly name = 'WorkspaceSignIn1767226500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
