import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import type { QueryRunner } from 'typeorm';
import { TicketCounts1767227300000 } from '../src/migrations/1767227300000-ticket-counts.migration';
import { insertOrganizationRow } from './support/migration-workspace';

/** Migration 1767227300000 on a database that already has tickets: the counters start out right. */
describe('the ticket counters migration', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => {
    await database.close();
  });

  const counts = (q: QueryRunner) =>
    q.query(
      'SELECT category, status, n FROM support_ticket_counts WHERE organization_id = $1 ORDER BY category, status',
      [organizationId],
    );
  const organizationId = randomUUID();

  it('fills the counters from the tickets already there, and the trigger keeps them from then on', async () => {
    const q = database.dataSource.createQueryRunner();
    const migration = new TicketCounts1767227300000();
    try {
      await migration.down(q);
      const userId = randomUUID();
      await insertOrganizationRow(q, organizationId);
      await q.query(
        `INSERT INTO users (id, email, password_change_required, email_verified, created_at)
         VALUES ($1, $2, false, false, now())`,
        [userId, `counts-${userId}@example.test`],
      );
      await q.query(
        `INSERT INTO support_tickets (id, number, organization_id, subject, category, priority, status,
           requester_user_id, requester_name, context, created_at, updated_at, last_customer_activity_at)
         SELECT gen_random_uuid(), nextval('support_ticket_number_seq'), $1, 'Old ticket',
           (ARRAY['billing', 'security'])[1 + g % 2], 'normal', 'open', $2, 'Ada', '{}', now(), now(), now()
         FROM generate_series(1, 5) g`,
        [organizationId, userId],
      );
      await migration.up(q);
      expect(await counts(q)).toEqual([
        { category: 'billing', status: 'open', n: 2 },
        { category: 'security', status: 'open', n: 3 },
      ]);
      // And from then on the trigger keeps them.
      await q.query(
        `UPDATE support_tickets SET status = 'closed' WHERE organization_id = $1 AND category = 'billing'`,
        [organizationId],
      );
      await q.query(`DELETE FROM support_tickets WHERE organization_id = $1 AND category = 'security'`, [
        organizationId,
      ]);
      expect(await counts(q)).toEqual([{ category: 'billing', status: 'closed', n: 2 }]);
    } finally {
      await q.release();
    }
  });
});
