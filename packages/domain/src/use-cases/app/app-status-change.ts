import { authorizeWorkspaceChange } from '../../access/access-control';
import type { App } from '../../app/app';
import { type AppEvent, transitionApp } from '../../app/app.machine';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Organization } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import { filesQuotaExceeded } from '../../release/release.errors';
import type { Deps } from '../deps';
import { filesLimit, filesQuotaRoom } from '../release/release-access';
import { requireApp } from './app-lookup';

export interface StatusInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly context: RequestContext;
}

const AUDIT_ACTION: Readonly<Record<AppEvent, string>> = { delete: 'app.archived', restore: 'app.restored' };

/**
 * An archived app's current release does not count in `files.bytes`;
 * restored, it counts again, so a restore that would take the organization
 * past the limit is refused as the upload would be (507), until room is
 * made. The organization is locked as finalize locks it.
 */
async function requireRoomToRestore(
  tx: Repositories,
  settings: Deps['settings'],
  organization: Organization,
  app: App,
): Promise<void> {
  const current = await tx.releases.findCurrent(app.id);
  if (!current) return;
  const locked = (await tx.organizations.findByIdForUpdate(organization.id)) ?? organization;
  const room = await filesQuotaRoom(tx, settings, locked, null);
  if (room !== null && (current.publishedBytes ?? 0) > room)
    throw filesQuotaExceeded(filesLimit(settings, locked));
}

/** Runs one row of the App table under the `delete` permission; a no-change row writes nothing. */
export async function changeStatus(
  deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>,
  input: StatusInput,
  event: AppEvent,
) {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx): Promise<App> => {
    const { workspace, organization } = await authorizeWorkspaceChange(
      tx,
      input.userId,
      input.workspaceId,
      'delete',
      now,
    );
    const app = await requireApp(tx, workspace.id, input.appId, { forUpdate: true });
    const next = transitionApp(app.status, event);
    if (next === null) return app;
    if (event === 'restore') await requireRoomToRestore(tx, deps.settings, organization, app);
    app.status = next;
    app.archivedAt = next === 'archived' ? now : null;
    app.updatedAt = now;
    await tx.apps.save(app);
    await recordAudit(tx, deps, input.context, now, {
      action: AUDIT_ACTION[event],
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'app', id: app.id },
      details: { slug: app.slug },
    });
    return app;
  });
}
