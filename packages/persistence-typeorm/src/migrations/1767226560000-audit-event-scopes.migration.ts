import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): an audit page reads a few index ranges newest
// first, whatever the size of the log. Members' account events (sign-ins,
// password changes) get one row per scope that may see them, written when
// the event is (the scopes where the actor then held an accepted membership
// made no later than the event), instead of a scan of every account event
// against current memberships. Existing account events are given their rows
// from today's memberships.
/** `e.actor_id` as a uuid, or null for an actor id that is not one. */
export const ACTOR_UUID = `(CASE WHEN e.actor_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN CAST(e.actor_id AS uuid) END)`;

const UP = [
  `CREATE TABLE audit_event_scopes (
    event_id uuid NOT NULL,
    scope_type text NOT NULL,
    scope_id uuid NOT NULL,
    carries boolean NOT NULL,
    action text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (scope_type, scope_id, event_id)
  )`,
  'CREATE INDEX audit_event_scopes_page_idx ON audit_event_scopes (scope_type, scope_id, created_at DESC, event_id DESC)',
  // Joined on the uuid (the memberships' user index), with actors that are not uuids left out
  // inside the CASE, so no cast ever fails whatever order the planner evaluates in.
  'ANALYZE audit_events',
  'ANALYZE memberships',
  `INSERT INTO audit_event_scopes (event_id, scope_type, scope_id, carries, action, created_at)
   SELECT e.id, m.scope_type, m.scope_id, m.role <> 'billing_admin', e.action, e.created_at
   FROM audit_events e
   JOIN memberships m ON m.user_id = ${ACTOR_UUID}
   WHERE e.organization_id IS NULL AND e.workspace_id IS NULL AND e.actor_kind = 'user'
     AND m.status = 'accepted' AND m.created_at <= e.created_at`,
  // Pages are ordered by (created_at, id): the indexes carry both.
  'CREATE INDEX audit_events_organization_page_idx ON audit_events (organization_id, created_at DESC, id DESC)',
  'CREATE INDEX audit_events_workspace_page_idx ON audit_events (workspace_id, created_at DESC, id DESC)',
  `CREATE INDEX audit_events_account_page_idx ON audit_events (actor_id, created_at DESC, id DESC)
   WHERE organization_id IS NULL AND workspace_id IS NULL`,
  'DROP INDEX audit_events_organization_id_idx',
  'DROP INDEX audit_events_workspace_id_idx',
];

export class AuditEventScopes1767226560000 implements MigrationInterface {
  readonly name = 'AuditEventScopes1767226560000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX audit_events_organization_id_idx ON audit_events (organization_id, created_at DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX audit_events_workspace_id_idx ON audit_events (workspace_id, created_at DESC)',
    );
    for (const index of [
      'audit_events_account_page_idx',
      'audit_events_workspace_page_idx',
      'audit_events_organization_page_idx',
    ])
      await queryRunner.query(`DROP INDEX ${index}`);
    await queryRunner.query('DROP TABLE audit_event_scopes');
  }
}
