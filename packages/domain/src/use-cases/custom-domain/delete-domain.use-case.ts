import { authorizeWorkspace } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { requireAppDomain, requireDomainApp } from './domain-access';

/**
 * `DELETE /apps/{app_id}/coderunner/domains/{domain}` (write): 204. It
 * takes exposure away, so like other revocations it stays allowed while
 * the workspace is frozen.
 */
export class DeleteDomain {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appId: string;
    domain: string;
    context: RequestContext;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspace(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const app = await requireDomainApp(tx, workspace.id, input.appId);
      const domain = await requireAppDomain(tx, app.id, input.domain, { forUpdate: true });
      await tx.customDomains.delete(app.id, domain.domain);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_domain.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_domain', id: domain.id },
        details: { app_id: app.id, domain: domain.domain },
      });
    });
  }
}
