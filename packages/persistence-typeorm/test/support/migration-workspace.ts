import { randomUUID } from 'node:crypto';
import type { QueryRunner } from 'typeorm';

/**
 * An organization written with plain SQL, for a migration test to put rows
 * under before it runs the migration again.
 */
export async function insertOrganizationRow(q: QueryRunner, organizationId = randomUUID()): Promise<string> {
  await q.query(
    `INSERT INTO organizations (id, name, plan_tier, status, limit_overrides, created_at)
     VALUES ($1, 'Before', 'free', 'active', '{}', now())`,
    [organizationId],
  );
  return organizationId;
}

/** An organization, as `insertOrganizationRow` writes one, and a workspace in it. */
export async function insertWorkspaceRows(
  q: QueryRunner,
): Promise<{ organizationId: string; workspaceId: string }> {
  const organizationId = await insertOrganizationRow(q);
  const workspaceId = randomUUID();
  await q.query(
    `INSERT INTO workspaces (id, organization_id, name, status, created_at)
     VALUES ($1, $2, 'Main', 'active', now())`,
    [workspaceId, organizationId],
  );
  return { organizationId, workspaceId };
}
