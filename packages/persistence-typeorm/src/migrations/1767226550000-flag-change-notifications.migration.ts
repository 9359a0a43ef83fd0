import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): `flags/runtime`, which every app polls, is served
// from each replica's memory. A change to a workspace's flags notifies every
// replica on commit, naming the workspace, so only that workspace's flags are
// read again; TRUNCATE (no rows to name) drops every workspace's.
export class FlagChangeNotifications1767226550000 implements MigrationInterface {
  name = 'FlagChangeNotifications1767226550000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION gf_notify_flag_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('gf_changes', 'flags:' || COALESCE(NEW.workspace_id, OLD.workspace_id)::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER flags_notify AFTER INSERT OR UPDATE OR DELETE ON flags
      FOR EACH ROW EXECUTE FUNCTION gf_notify_flag_change()`);
    await q.query(`
      CREATE TRIGGER flags_truncate_notify AFTER TRUNCATE ON flags
      FOR EACH STATEMENT EXECUTE FUNCTION gf_notify_table_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER flags_truncate_notify ON flags');
    await q.query('DROP TRIGGER flags_notify ON flags');
    await q.query('DROP FUNCTION gf_notify_flag_change()');
  }
}
