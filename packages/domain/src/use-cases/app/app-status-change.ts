import { authorizeWorkspaceChange } from '../../access/access-control';
import type { App } from '../../app/app';
import { type AppEvent, transitionApp } from '../../app/app.machine';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { requireApp } from './app-lookup';

export interface StatusInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly context: RequestContext;
}

const AUDIT_ACTION: Readonly<Record<AppEvent, string>> = { delete: 'app.archived', restore: 'app.restored' };

/** Runs one row of the App table under the `delete` permission; a no-change row writes nothing. */
export async function changeStatus(
  deps: Pick<Deps, 'uow' | 'clock' | 'ids'>,
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
