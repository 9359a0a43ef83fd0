import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 10: releases of shell apps, custom domains and the public setting of standalone apps.
const UP = [
  `CREATE TABLE releases (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    app_id uuid NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    bundle text NOT NULL,
    label text,
    size_bytes bigint NOT NULL,
    status text NOT NULL,
    upload_key text,
    uploaded_bytes bigint,
    upload_sha256 text,
    content_prefix text NOT NULL,
    entry_path text,
    digest text,
    published_bytes bigint,
    is_current boolean NOT NULL,
    refusal text,
    created_at timestamptz NOT NULL,
    upload_expires_at timestamptz NOT NULL,
    uploaded_at timestamptz,
    published_at timestamptz
  )`,
  // At most one current release per app, whatever two finalizes race to do.
  'CREATE UNIQUE INDEX releases_app_id_current_key ON releases (app_id) WHERE is_current',
  'CREATE INDEX releases_app_id_created_at_idx ON releases (app_id, created_at DESC, id DESC)',
  `CREATE TABLE custom_domains (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    app_id uuid NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    domain text NOT NULL,
    status text NOT NULL,
    verification_token text NOT NULL,
    last_checked_at timestamptz,
    detail text,
    created_at timestamptz NOT NULL
  )`,
  // A domain belongs to one app on the whole platform: two adds racing leave one row and one 409.
  'CREATE UNIQUE INDEX custom_domains_domain_key ON custom_domains (domain)',
  'CREATE INDEX custom_domains_app_id_idx ON custom_domains (app_id, domain)',
  `CREATE TABLE app_endpoints (
    app_id uuid PRIMARY KEY REFERENCES apps (id) ON DELETE CASCADE,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    is_public boolean NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
];

export class ReleasesCustomDomains1767226400000 implements MigrationInterface {
  readonly name = 'ReleasesCustomDomains1767226400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['app_endpoints', 'custom_domains', 'releases'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
