import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Support tickets and their messages. `number` is the platform-wide human
 * reference, drawn from a sequence (increasing, never reused, even when a
 * transaction rolls back).
 */
const UP = [
  'CREATE SEQUENCE support_ticket_number_seq AS integer START WITH 1001',
  `CREATE TABLE support_tickets (
    id uuid PRIMARY KEY,
    number integer NOT NULL,
    organization_id uuid NOT NULL REFERENCES organizations (id),
    workspace_id uuid REFERENCES workspaces (id),
    subject text NOT NULL,
    subject_redacted boolean NOT NULL DEFAULT false,
    category text NOT NULL,
    priority text NOT NULL,
    status text NOT NULL,
    requester_user_id uuid NOT NULL REFERENCES users (id),
    requester_name text NOT NULL,
    context jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    resolved_at timestamptz,
    closed_at timestamptz,
    last_customer_activity_at timestamptz NOT NULL,
    last_operator_activity_at timestamptz,
    operator_replied_at timestamptz,
    CONSTRAINT support_tickets_number_key UNIQUE (number)
  )`,
  'CREATE INDEX support_tickets_organization_updated_idx ON support_tickets (organization_id, updated_at DESC)',
  'CREATE INDEX support_tickets_queue_idx ON support_tickets (status, last_customer_activity_at)',
  `CREATE TABLE support_ticket_messages (
    id uuid PRIMARY KEY,
    ticket_id uuid NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_kind text NOT NULL,
    author_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    author_name text,
    body text NOT NULL,
    redacted boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL
  )`,
  'CREATE INDEX support_ticket_messages_ticket_idx ON support_ticket_messages (ticket_id, created_at)',
];

export class SupportTickets1767225800000 implements MigrationInterface {
  readonly name = 'SupportTickets1767225800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE support_ticket_messages');
    await queryRunner.query('DROP TABLE support_tickets');
    await queryRunner.query('DROP SEQUENCE support_ticket_number_seq');
  }
}
