import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): a secret reveal and an app user's token check are
// served from each replica's memory too. A change to a secret, an app user
// or a workspace's sign-in configuration notifies every replica on commit,
// naming the workspace; a change to an app user's session names the
// session. TRUNCATE (no rows to name) drops the whole table's entries.
const NAMED_BY: ReadonlyArray<readonly [table: string, column: string]> = [
  ['secrets', 'workspace_id'],
  ['app_users', 'workspace_id'],
  ['sign_in_configs', 'workspace_id'],
  ['app_user_sessions', 'id'],
];

export class MoreChangeNotifications1767227100000 implements MigrationInterface {
  name = 'MoreChangeNotifications1767227100000';

  async up(q: QueryRunner): Promise<void> {
    // The column that names a change is the trigger's argument, read from the row as JSON.
    await q.query(`
      CREATE FUNCTION gf_notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
      BEGIN
        PERFORM pg_notify('gf_changes', TG_TABLE_NAME || ':' || (changed ->> TG_ARGV[0]));
        RETURN NULL;
      END $$`);
    for (const [table, column] of NAMED_BY) {
      await q.query(`
        CREATE TRIGGER ${table}_notify AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION gf_notify_row_change('${column}')`);
      await q.query(`
        CREATE TRIGGER ${table}_truncate_notify AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION gf_notify_table_change()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table] of NAMED_BY) {
      await q.query(`DROP TRIGGER ${table}_truncate_notify ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_notify ON ${table}`);
    }
    await q.query('DROP FUNCTION gf_notify_row_change()');
  }
}
