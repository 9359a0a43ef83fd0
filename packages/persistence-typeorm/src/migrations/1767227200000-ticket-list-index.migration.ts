import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): an organization's ticket list reads newest first
// by (updated_at, number) and filters by requester, category and status.
// One index in that order, carrying those columns, serves both the page and
// its total count from the index alone, however many tickets there are.
export class TicketListIndex1767227200000 implements MigrationInterface {
  name = 'TicketListIndex1767227200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX support_tickets_organization_list_idx
      ON support_tickets (organization_id, updated_at DESC, number DESC)
      INCLUDE (requester_user_id, category, status)`);
    await q.query('DROP INDEX support_tickets_organization_updated_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE INDEX support_tickets_organization_updated_idx ON support_tickets (organization_id, updated_at DESC)',
    );
    await q.query('DROP INDEX support_tickets_organization_list_idx');
  }
}
