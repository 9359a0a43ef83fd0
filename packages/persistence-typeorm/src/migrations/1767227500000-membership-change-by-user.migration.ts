import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): a membership change used to notify the whole
// table, and every replica then forgot every user's workspace access. A
// cached access read holds one user's memberships only, so the change now
// names its user ('memberships:<user id>', both users should an UPDATE move
// a row) and only that user's reads are dropped. Adding members no longer
// empties the cache that authorizes everyone else. TRUNCATE still names the
// whole table. PostgreSQL folds identical notifications of one transaction
// into one.
export class MembershipChangeByUser1767227500000 implements MigrationInterface {
  name = 'MembershipChangeByUser1767227500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION gf_notify_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM pg_notify('gf_changes', 'memberships:' || OLD.user_id::text);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          PERFORM pg_notify('gf_changes', 'memberships:' || NEW.user_id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query('DROP TRIGGER memberships_notify ON memberships');
    await q.query(`
      CREATE TRIGGER memberships_notify AFTER INSERT OR UPDATE OR DELETE ON memberships
      FOR EACH ROW EXECUTE FUNCTION gf_notify_membership_change()`);
    await q.query(`
      CREATE TRIGGER memberships_notify_truncate AFTER TRUNCATE ON memberships
      FOR EACH STATEMENT EXECUTE FUNCTION gf_notify_table_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER memberships_notify_truncate ON memberships');
    await q.query('DROP TRIGGER memberships_notify ON memberships');
    await q.query(`
      CREATE TRIGGER memberships_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships
      FOR EACH STATEMENT EXECUTE FUNCTION gf_notify_table_change()`);
    await q.query('DROP FUNCTION gf_notify_membership_change()');
  }
}
