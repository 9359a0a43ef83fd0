import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import { SiteGrantOrder1767227700000 } from '../src/migrations/1767227700000-site-grant-order.migration';
import { insertWorkspaceRows } from './support/migration-workspace';

/**
 * Migration 1767227700000 on grants written before it: they keep the order
 * they were listed in (sorted), and grants saved afterwards follow them.
 */
describe('the site grant order migration', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('numbers the existing grants in their old listing order, then new ones after them', async () => {
    const q = database.dataSource.createQueryRunner();
    const migration = new SiteGrantOrder1767227700000();
    const listed = async (workspaceId: string) =>
      (
        await q.query(
          'SELECT resource_id, role, action FROM site_role_grants WHERE workspace_id = $1 ORDER BY ordinal',
          [workspaceId],
        )
      ).map(
        (r: { resource_id: string; role: string; action: string }) =>
          `${r.resource_id}/${r.role}/${r.action}`,
      );
    try {
      await migration.down(q);
      const { workspaceId } = await insertWorkspaceRows(q);
      for (const [collection, role, action] of [
        ['orders', 'user', 'write'],
        ['audit', 'viewer', 'read'],
        ['orders', 'admin', 'read'],
      ]) {
        await q.query(
          `INSERT INTO site_role_grants (workspace_id, resource, resource_id, role, action)
           VALUES ($1, 'collection', $2, $3, $4)`,
          [workspaceId, collection, role, action],
        );
      }
      await migration.up(q);
      expect(await listed(workspaceId)).toEqual([
        'audit/viewer/read',
        'orders/admin/read',
        'orders/user/write',
      ]);
      await q.query(
        `INSERT INTO site_role_grants (workspace_id, resource, resource_id, role, action)
         VALUES ($1, 'collection', 'audit', 'admin', 'delete')`,
        [workspaceId],
      );
      expect((await listed(workspaceId)).at(-1)).toBe('audit/admin/delete');
    } finally {
      await q.release();
    }
  });
});
