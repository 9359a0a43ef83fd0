import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): an organization's ticket list answers the exact
// number of tickets the caller may see with the filters applied. Counting
// them row by row grows with the organization's tickets; these counters, one
// per organization, requester, category and status, keep it to a sum over a
// few rows. A trigger keeps them in the same transaction as every insert,
// change and delete of a ticket, whoever makes it (hand-run SQL included).
export class TicketCounts1767227300000 implements MigrationInterface {
  name = 'TicketCounts1767227300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_ticket_counts (
        organization_id uuid NOT NULL,
        requester_user_id uuid NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        n integer NOT NULL CHECK (n > 0),
        PRIMARY KEY (organization_id, requester_user_id, category, status)
      )`);
    await q.query(`
      INSERT INTO support_ticket_counts (organization_id, requester_user_id, category, status, n)
      SELECT organization_id, requester_user_id, category, status, count(*)
      FROM support_tickets
      GROUP BY organization_id, requester_user_id, category, status`);
    // The counter a ticket leaves is decremented (and dropped at zero), the
    // one it joins incremented. When a change moves a ticket between two
    // counters, they are touched in key order, so two opposite moves at once
    // lock them in the same order and never deadlock.
    await q.query(`
      CREATE FUNCTION gf_count_ticket(o uuid, r uuid, c text, s text, delta integer) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        IF delta > 0 THEN
          INSERT INTO support_ticket_counts AS t (organization_id, requester_user_id, category, status, n)
          VALUES (o, r, c, s, delta)
          ON CONFLICT (organization_id, requester_user_id, category, status)
          DO UPDATE SET n = t.n + delta;
        ELSE
          UPDATE support_ticket_counts SET n = n + delta
          WHERE organization_id = o AND requester_user_id = r AND category = c AND status = s AND n + delta > 0;
          IF NOT FOUND THEN
            DELETE FROM support_ticket_counts
            WHERE organization_id = o AND requester_user_id = r AND category = c AND status = s;
          END IF;
        END IF;
      END $$`);
    await q.query(`
      CREATE FUNCTION gf_count_tickets() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM gf_count_ticket(NEW.organization_id, NEW.requester_user_id, NEW.category, NEW.status, 1);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM gf_count_ticket(OLD.organization_id, OLD.requester_user_id, OLD.category, OLD.status, -1);
        ELSIF (OLD.organization_id, OLD.requester_user_id, OLD.category, OLD.status)
              IS DISTINCT FROM (NEW.organization_id, NEW.requester_user_id, NEW.category, NEW.status) THEN
          IF (OLD.organization_id, OLD.requester_user_id, OLD.category, OLD.status)
             < (NEW.organization_id, NEW.requester_user_id, NEW.category, NEW.status) THEN
            PERFORM gf_count_ticket(OLD.organization_id, OLD.requester_user_id, OLD.category, OLD.status, -1);
            PERFORM gf_count_ticket(NEW.organization_id, NEW.requester_user_id, NEW.category, NEW.status, 1);
          ELSE
            PERFORM gf_count_ticket(NEW.organization_id, NEW.requester_user_id, NEW.category, NEW.status, 1);
            PERFORM gf_count_ticket(OLD.organization_id, OLD.requester_user_id, OLD.category, OLD.status, -1);
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER support_tickets_counted
      AFTER INSERT OR DELETE OR UPDATE OF organization_id, requester_user_id, category, status ON support_tickets
      FOR EACH ROW EXECUTE FUNCTION gf_count_tickets()`);
    await q.query(`
      CREATE FUNCTION gf_uncount_all_tickets() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE support_ticket_counts;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER support_tickets_truncated
      AFTER TRUNCATE ON support_tickets
      FOR EACH STATEMENT EXECUTE FUNCTION gf_uncount_all_tickets()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER support_tickets_truncated ON support_tickets');
    await q.query('DROP TRIGGER support_tickets_counted ON support_tickets');
    await q.query('DROP FUNCTION gf_uncount_all_tickets()');
    await q.query('DROP FUNCTION gf_count_tickets()');
    await q.query('DROP FUNCTION gf_count_ticket(uuid, uuid, text, text, integer)');
    await q.query('DROP TABLE support_ticket_counts');
  }
}
