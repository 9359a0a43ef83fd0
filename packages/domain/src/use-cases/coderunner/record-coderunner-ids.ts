import { type RequestContext, recordAudit } from '../../audit/record';
import { type CoderunnerIds, coderunnerIdsOf, withCoderunnerIds } from '../../coderunner/coderunner-manifest';
import type { Deps } from '../deps';

export interface CoderunnerStep {
  readonly organizationId: string;
  readonly workspaceId: string;
  readonly target: { readonly type: 'app' | 'workload'; readonly id: string };
  /** The audit action: `coderunner.<step>`. */
  readonly action: string;
  /** What to record; a function of what is recorded now, read under the row lock. */
  readonly learned: Partial<CoderunnerIds> | ((recorded: CoderunnerIds) => Partial<CoderunnerIds>);
  /** Ids for the audit event (never a token or payload). */
  readonly details: Record<string, unknown>;
  readonly context: RequestContext;
}

/**
 * After the upstream answered: the ids it gave go under `manifest.coderunner`
 * of the app or workload, with the step's audit event, in one transaction.
 * The upstream call itself is never inside a transaction.
 */
export async function recordCoderunnerStep(deps: Pick<Deps, 'uow' | 'clock' | 'ids'>, step: CoderunnerStep) {
  const now = deps.clock.now();
  const learned = (manifest: Record<string, unknown>) =>
    typeof step.learned === 'function' ? step.learned(coderunnerIdsOf(manifest)) : step.learned;
  await deps.uow.transaction(async (tx) => {
    if (step.target.type === 'app') {
      const app = await tx.apps.findByIdForUpdate(step.workspaceId, step.target.id);
      const ids = app ? learned(app.manifest) : {};
      if (app && Object.keys(ids).length > 0) {
        app.manifest = withCoderunnerIds(app.manifest, ids);
        app.updatedAt = now;
        await tx.apps.save(app);
      }
    } else {
      const workload = await tx.workloads.findByIdForUpdate(step.workspaceId, step.target.id);
      const ids = workload ? learned(workload.manifest) : {};
      if (workload && Object.keys(ids).length > 0) {
        workload.manifest = withCoderunnerIds(workload.manifest, ids);
        await tx.workloads.save(workload);
      }
    }
    await recordAudit(tx, deps, step.context, now, {
      action: step.action,
      organizationId: step.organizationId,
      workspaceId: step.workspaceId,
      target: step.target,
      details: step.details,
    });
  });
}
