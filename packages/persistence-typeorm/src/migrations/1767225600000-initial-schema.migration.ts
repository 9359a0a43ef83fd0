import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The first schema. Ids are UUIDs chosen by the domain (no uuid-ossp, so it
 * runs on PGlite too); every instant is timestamptz. Constraint names are
 * stable because `unique-violation.ts` turns them into readable conflicts.
 */
const UP = [
  `CREATE TABLE users (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    display_name text,
    password_hash text,
    password_change_required boolean NOT NULL DEFAULT false,
    email_verified boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    last_login_at timestamptz,
    welcome_email_sent_at timestamptz,
    idp_realm text,
    CONSTRAINT users_email_key UNIQUE (email),
    CONSTRAINT users_email_lowercase CHECK (email = lower(email))
  )`,
  `CREATE TABLE organizations (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    plan_tier text NOT NULL,
    status text NOT NULL,
    limit_overrides jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL
  )`,
  'CREATE INDEX organizations_created_at_idx ON organizations (created_at)',
  `CREATE TABLE workspaces (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL REFERENCES organizations (id),
    name text NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  'CREATE INDEX workspaces_organization_id_idx ON workspaces (organization_id, created_at)',
  `CREATE TABLE environments (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id),
    name text NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT environments_workspace_id_name_key UNIQUE (workspace_id, name)
  )`,
  // scope_id points at an organization or a workspace depending on
  // scope_type, so it cannot carry a foreign key.
  `CREATE TABLE memberships (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id),
    scope_type text NOT NULL,
    scope_id uuid NOT NULL,
    role text NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz,
    invited_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT memberships_user_id_scope_key UNIQUE (user_id, scope_type, scope_id)
  )`,
  'CREATE INDEX memberships_scope_id_idx ON memberships (scope_id, scope_type, created_at)',
  `CREATE TABLE sessions (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL,
    revoked_at timestamptz,
    password_change_required boolean NOT NULL DEFAULT false
  )`,
  'CREATE INDEX sessions_user_id_idx ON sessions (user_id)',
  `CREATE TABLE refresh_tokens (
    id uuid PRIMARY KEY,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    spent_at timestamptz
  )`,
  'CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id)',
  `CREATE TABLE password_links (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id),
    token_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    cancelled_at timestamptz,
    CONSTRAINT password_links_token_hash_key UNIQUE (token_hash)
  )`,
  'CREATE INDEX password_links_user_id_idx ON password_links (user_id)',
  // No foreign keys: the log must outlive what it describes.
  `CREATE TABLE audit_events (
    id uuid PRIMARY KEY,
    action text NOT NULL,
    actor_kind text NOT NULL,
    actor_id text NOT NULL,
    organization_id uuid,
    workspace_id uuid,
    target_type text NOT NULL,
    target_id text NOT NULL,
    details jsonb NOT NULL DEFAULT '{}'::jsonb,
    ip text,
    created_at timestamptz NOT NULL
  )`,
  'CREATE INDEX audit_events_organization_id_idx ON audit_events (organization_id, created_at DESC)',
  'CREATE INDEX audit_events_workspace_id_idx ON audit_events (workspace_id, created_at DESC)',
  `CREATE TABLE signing_keys (
    kid text PRIMARY KEY,
    algorithm text NOT NULL,
    private_key jsonb NOT NULL,
    public_jwk jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    retired_at timestamptz
  )`,
  `CREATE TABLE mail_outbox (
    id uuid PRIMARY KEY,
    recipient text NOT NULL,
    template text NOT NULL,
    sealed jsonb,
    status text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    created_at timestamptz NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    sent_at timestamptz
  )`,
  `CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`,
  // expires_at = hit_at + the window of the limit that recorded the hit, so
  // old rows can be pruned without knowing every limit's window.
  `CREATE TABLE rate_limit_hits (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key text NOT NULL,
    hit_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  'CREATE INDEX rate_limit_hits_key_hit_at_idx ON rate_limit_hits (key, hit_at)',
  'CREATE INDEX rate_limit_hits_expires_at_idx ON rate_limit_hits (expires_at)',
];

const TABLES = [
  'rate_limit_hits',
  'mail_outbox',
  'signing_keys',
  'audit_events',
  'password_links',
  'refresh_tokens',
  'sessions',
  'memberships',
  'environments',
  'workspaces',
  'organizations',
  'users',
];

export class InitialSchema1767225600000 implements MigrationInterface {
  readonly name = 'InitialSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
