// The large-database part of `npm run bench`: the audit list, the member list
// and the ticket list are measured on the set-up installation, the database
// is then given a million audit events (a fifth of them members' account
// events), a hundred thousand members and two thousand tickets, and the
// lists are measured again. Their p99 must stay within 1.5× of the first run.
import { randomUUID } from 'node:crypto';

const SEED_AUDIT = Number(process.env.BENCH_SEED_AUDIT ?? 1_000_000);
const SEED_MEMBERS = Number(process.env.BENCH_SEED_MEMBERS ?? 100_000);
const SEED_TICKETS = Number(process.env.BENCH_SEED_TICKETS ?? 2_000);

/** The three list routes, as autocannon requests. */
export const listRoutes = (s, ids, auth) => [
  { name: 'audit list (50)', url: `${s}/v1/workspaces/${ids.workspaceId}/audit?limit=50`, headers: auth },
  { name: 'member list (200)', url: `${s}/v1/scopes/workspace/${ids.workspaceId}/members`, headers: auth },
  {
    name: 'ticket list (25)',
    url: `${s}/v1/organizations/${ids.organizationId}/support/tickets`,
    headers: auth,
  },
];

/**
 * The seed, as SQL the database runs itself (generate_series): fast on
 * PostgreSQL, and the same statements on PGlite. Account events get their
 * visible scopes exactly as the audit log writes them.
 */
export function seedStatements(ids) {
  const other = randomUUID();
  const otherWorkspace = randomUUID();
  const ownAudit = Math.round(SEED_AUDIT * 0.6);
  const accountAudit = Math.round(SEED_AUDIT * 0.2);
  const elsewhereAudit = SEED_AUDIT - ownAudit - accountAudit;
  const userId = (g) => `('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
  return [
    `INSERT INTO organizations (id, name, plan_tier, status, limit_overrides, created_at)
     VALUES ('${other}', 'Elsewhere', 'enterprise', 'active', '{}', now() - interval '400 days')`,
    `INSERT INTO workspaces (id, organization_id, name, status, created_at)
     VALUES ('${otherWorkspace}', '${other}', 'Elsewhere', 'active', now() - interval '400 days')`,
    `INSERT INTO users (id, email, display_name, password_hash, password_change_required, email_verified,
       password_set_by_organization_id, created_at, last_login_at, welcome_email_sent_at, idp_realm)
     SELECT ${userId('g')}, 'seed-' || g || '@bench.test', 'Seed ' || g, null, false, true, null,
       now() - interval '300 days', null, null, null
     FROM generate_series(1, ${SEED_MEMBERS}) g`,
    `INSERT INTO memberships (id, user_id, scope_type, scope_id, role, status, created_at, expires_at, invited_by_user_id)
     SELECT gen_random_uuid(), ${userId('g')}, 'workspace', '${ids.workspaceId}', 'member', 'accepted',
       now() - interval '200 days' + g * interval '1 second', null, null
     FROM generate_series(1, ${SEED_MEMBERS}) g`,
    `INSERT INTO audit_events (id, action, actor_kind, actor_id, organization_id, workspace_id, target_type, target_id, details, ip, created_at)
     SELECT gen_random_uuid(), 'secret.revealed', 'user', '${ids.ownerId}', '${ids.organizationId}', '${ids.workspaceId}',
       'secret', gen_random_uuid()::text, '{}', '10.0.0.1', now() - interval '100 days' + g * interval '10 second'
     FROM generate_series(1, ${ownAudit}) g`,
    `INSERT INTO audit_events (id, action, actor_kind, actor_id, organization_id, workspace_id, target_type, target_id, details, ip, created_at)
     SELECT gen_random_uuid(), 'auth.signed_in', 'user', ${userId(`1 + g % ${Math.max(SEED_MEMBERS, 1)}`)}::text, null, null,
       'user', gen_random_uuid()::text, '{}', '10.0.0.1', now() - interval '100 days' + g * interval '15 second'
     FROM generate_series(1, ${accountAudit}) g`,
    'ANALYZE',
    `INSERT INTO audit_event_scopes (event_id, scope_type, scope_id, carries, action, created_at)
     SELECT e.id, m.scope_type, m.scope_id, m.role <> 'billing_admin', e.action, e.created_at
     FROM audit_events e
     JOIN memberships m ON m.user_id = (CASE WHEN e.actor_id LIKE '00000000-0000-4000-8000-%' THEN CAST(e.actor_id AS uuid) END)
     WHERE e.organization_id IS NULL AND e.workspace_id IS NULL AND e.action = 'auth.signed_in'
       AND m.status = 'accepted' AND m.created_at <= e.created_at
     ON CONFLICT DO NOTHING`,
    `INSERT INTO audit_events (id, action, actor_kind, actor_id, organization_id, workspace_id, target_type, target_id, details, ip, created_at)
     SELECT gen_random_uuid(), 'flag.updated', 'user', gen_random_uuid()::text, '${other}', '${otherWorkspace}',
       'flag', 'x', '{}', '10.0.0.1', now() - interval '100 days' + g * interval '6 second'
     FROM generate_series(1, ${elsewhereAudit}) g`,
    ticketsStatement(ids, SEED_TICKETS),
    // As a database that has lived with these rows would be: vacuumed and
    // analysed, so no autovacuum of a million fresh rows runs during the measurement.
    'VACUUM ANALYZE',
  ];
}

/** `count` tickets of the organization's owner, spread over every category and status. */
function ticketsStatement(ids, count) {
  return `INSERT INTO support_tickets (id, number, organization_id, workspace_id, subject, category, priority, status,
       requester_user_id, requester_name, context, created_at, updated_at, last_customer_activity_at)
     SELECT gen_random_uuid(), nextval('support_ticket_number_seq'), '${ids.organizationId}', null, 'Seeded ticket ' || g,
       (ARRAY['billing','technical','account','security','other'])[1 + g % 5], 'normal',
       (ARRAY['open','waiting_on_groundfloor','waiting_on_customer','resolved','closed'])[1 + g % 5],
       '${ids.ownerId}', 'Owner', '{}', now() - interval '90 days' + g * interval '1 minute',
       now() - interval '90 days' + g * interval '1 minute', now() - interval '90 days' + g * interval '1 minute'
     FROM generate_series(1, ${count}) g`;
}

/**
 * What the first measurement runs on: the set-up installation plus one full
 * page of tickets. The member and audit lists already have full pages by
 * then (the membership-create and reveal paths wrote thousands of rows);
 * without it the ticket list's baseline would be an empty page, and the
 * comparison would measure the size of the answer rather than the database.
 */
export const pageStatements = (ids) => [ticketsStatement(ids, 25), 'VACUUM ANALYZE'];

export const seedSummary = () =>
  `${SEED_AUDIT.toLocaleString('en')} audit events, ${SEED_MEMBERS.toLocaleString('en')} members, ${SEED_TICKETS.toLocaleString('en')} tickets`;
