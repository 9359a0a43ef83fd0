import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { Limits } from '../../shared/limits';
import { workloadArchived } from '../../workload/workload.errors';
import type { Deps } from '../deps';
import { requireWorkload } from './workload-access';
import { WORKLOAD_AUDIENCE, type WorkloadToken } from './workload-token';

/**
 * Supplement §3: a one-hour RS256 token naming the workspace and the
 * workload. Minting is refused on a frozen workspace, like minting any
 * other credential; the token itself never reaches the audit log.
 */
export class IssueWorkloadToken {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    workloadId: string;
    context: RequestContext;
  }): Promise<WorkloadToken> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const workload = await requireWorkload(tx, workspace.id, input.workloadId);
      if (workload.status === 'archived') throw workloadArchived();
      // Signed inside the transaction: the audit event commits only with a token issued.
      const accessToken = await this.deps.signer.sign(
        {
          typ: 'workload',
          workspace_id: workload.workspaceId,
          coderunner_id: workload.id,
          external_tenant_id: workload.workspaceId,
        },
        { subject: workload.id, audience: WORKLOAD_AUDIENCE, expiresInSeconds: Limits.workloadTokenSeconds },
      );
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'workload.identity_token_issued',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workload', id: workload.id },
        details: { expires_in: Limits.workloadTokenSeconds },
      });
      return {
        access_token: accessToken,
        token_type: 'Bearer' as const,
        expires_in: Limits.workloadTokenSeconds,
      };
    });
  }
}
