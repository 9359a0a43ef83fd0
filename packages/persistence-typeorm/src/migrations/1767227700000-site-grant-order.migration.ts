import type { MigrationInterface, QueryRunner } from 'typeorm';

// Spec, Access, PUT rule 1: grants are saved exactly as sent. The rows had
// no order of their own and were listed sorted; each now takes the next
// number of a sequence as it is inserted, and lists go by it, so a list
// reads back in the order it was sent. Existing rows are numbered in their
// old listing order.
export class SiteGrantOrder1767227700000 implements MigrationInterface {
  readonly name = 'SiteGrantOrder1767227700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE site_role_grants_ordinal_seq AS bigint');
    await q.query('ALTER TABLE site_role_grants ADD COLUMN ordinal bigint');
    await q.query(`
      UPDATE site_role_grants g SET ordinal = n.ordinal
      FROM (
        SELECT workspace_id, resource, resource_id, role, action,
               nextval('site_role_grants_ordinal_seq') AS ordinal
        FROM (SELECT * FROM site_role_grants ORDER BY resource, resource_id, role, action) sorted
      ) n
      WHERE (g.workspace_id, g.resource, g.resource_id, g.role, g.action)
          = (n.workspace_id, n.resource, n.resource_id, n.role, n.action)`);
    await q.query(
      "ALTER TABLE site_role_grants ALTER COLUMN ordinal SET DEFAULT nextval('site_role_grants_ordinal_seq'), ALTER COLUMN ordinal SET NOT NULL",
    );
    await q.query('ALTER SEQUENCE site_role_grants_ordinal_seq OWNED BY site_role_grants.ordinal');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE site_role_grants DROP COLUMN ordinal');
  }
}
