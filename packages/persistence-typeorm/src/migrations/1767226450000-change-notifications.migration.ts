import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): every replica keeps the reads that authorize a
// request (sessions, and a workspace with its organization and the caller's
// memberships) in memory. These triggers tell every replica, through
// LISTEN/NOTIFY, when such a row changes; a notification is delivered only
// when its transaction commits, and whatever wrote the row (another replica,
// the CLI, a hand-run UPDATE) sends it, so no write path can forget to.
export class ChangeNotifications1767226450000 implements MigrationInterface {
  name = 'ChangeNotifications1767226450000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION gf_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('gf_changes', 'sessions:' || COALESCE(NEW.id, OLD.id)::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION gf_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('gf_changes', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION gf_notify_session_change()`);
    for (const table of ['memberships', 'workspaces', 'organizations']) {
      await q.query(`
        CREATE TRIGGER ${table}_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION gf_notify_table_change()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['sessions', 'memberships', 'workspaces', 'organizations']) {
      await q.query(`DROP TRIGGER ${table}_notify ON ${table}`);
    }
    await q.query('DROP FUNCTION gf_notify_table_change()');
    await q.query('DROP FUNCTION gf_notify_session_change()');
  }
}
