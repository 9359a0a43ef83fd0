import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { noSignInHost } from '../../sign-in/sign-in.errors';
import { renewedClaim } from '../../sign-in/sign-in-host';
import type { Deps } from '../deps';
import { clearExpiredHostClaim, loadSignInConfig, type SignInConfigView } from './sign-in-config-store';

/**
 * `POST /auth/host/verification` (administer): for a pending custom
 * sign-in host, issues a new token and restarts the 14-day clock (spec,
 * Custom sign-in domain); answers the configuration, whose
 * `host.custom_domain_verification` holds the TXT record to publish. A
 * verified host is left as it is (no new token: the published record keeps
 * proving it). 409 `sign_in_host_not_set` without a claim (also once an
 * expired claim was cleared).
 */
export class RequestHostVerification {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'secretTokens'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    context: RequestContext;
  }): Promise<SignInConfigView> {
    const now = this.deps.clock.now();
    const view = await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const config = await loadSignInConfig(tx, workspace.id, now, { forUpdate: true });
      const expired = await clearExpiredHostClaim(tx, this.deps, config, organization.id, now);
      const result = { config, organizationName: organization.name, workspaceName: workspace.name };
      if (expired || config.host.customDomain === null) return { result, refused: true };
      if (config.host.customDomainStatus === 'verified') return { result, refused: false };
      config.host = renewedClaim(config.host, this.deps.secretTokens.generate(), now);
      config.updatedAt = now;
      await tx.signInConfigs.save(config);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sign_in.host_verification_requested',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: { custom_domain: config.host.customDomain },
      });
      return { result, refused: false };
    });
    // Refused after the commit, so clearing an expired claim is kept.
    if (view.refused) throw noSignInHost();
    return view.result;
  }
}
