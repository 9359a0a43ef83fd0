import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { noSignInHost } from '../../sign-in/sign-in.errors';
import { hostClaimExpired, hostVerificationRecord } from '../../sign-in/sign-in-host';
import type { Deps } from '../deps';
import { clearExpiredHostClaim, loadSignInConfig, type SignInConfigView } from './sign-in-config-store';

/** What one check found, for people. */
export interface HostCheck {
  readonly verified: boolean;
  readonly detail: string;
}

/**
 * `POST /auth/host/verification/check` (administer): looks up the TXT
 * record `_svc-verify.<host>` through the DNS port (the same convention as
 * app custom domains) and, when it holds `svc-verify=<token>`, sets the
 * host `verified`. No transaction is held open during the lookup; the
 * result applies only if the claim and its token are still the ones
 * checked. An expired claim is cleared instead (409 `sign_in_host_not_set`).
 */
export class CheckHostVerification {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'dns'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    context: RequestContext;
  }): Promise<SignInConfigView & { check: HostCheck }> {
    const started = this.deps.clock.now();
    const { read } = this.deps.uow;
    const first = await authorizeWorkspaceChange(
      read,
      input.userId,
      input.workspaceId,
      'administer',
      started,
    );
    const seen = await loadSignInConfig(read, first.workspace.id, started);
    if (hostClaimExpired(seen.host, started)) {
      await this.deps.uow.transaction(async (tx) => {
        const locked = await loadSignInConfig(tx, first.workspace.id, started, { forUpdate: true });
        await clearExpiredHostClaim(tx, this.deps, locked, first.organization.id, started);
      });
      throw noSignInHost();
    }
    const record = hostVerificationRecord(seen.host);
    if (!record) throw noSignInHost();
    if (seen.host.customDomainStatus === 'verified')
      return {
        config: seen,
        organizationName: first.organization.name,
        workspaceName: first.workspace.name,
        check: { verified: true, detail: 'already verified' },
      };

    const txt = await this.deps.dns.resolveTxt(record.name);
    const found = txt.status === 'found' && txt.values.includes(record.value);
    const detail = found
      ? `the TXT record at ${record.name} matches`
      : txt.status === 'failed'
        ? `the TXT lookup of ${record.name} failed (${txt.reason}); check again later`
        : txt.status === 'not_found'
          ? `no TXT record at ${record.name} yet; add one with the value ${record.value}`
          : `the TXT records at ${record.name} do not include ${record.value}`;

    return this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const config = await loadSignInConfig(tx, workspace.id, now, { forUpdate: true });
      const view = { config, organizationName: organization.name, workspaceName: workspace.name };
      const same =
        config.host.customDomain === seen.host.customDomain &&
        config.host.verificationToken === seen.host.verificationToken;
      // Changed while DNS was asked (another claim or a new token): this check is about a record no longer asked for.
      if (!same || config.host.customDomainStatus !== 'pending')
        return { ...view, check: { verified: config.host.customDomainStatus === 'verified', detail } };
      if (found) {
        config.host = { ...config.host, customDomainStatus: 'verified', verifiedAt: now };
        config.updatedAt = now;
        await tx.signInConfigs.save(config);
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sign_in.host_checked',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: { custom_domain: config.host.customDomain, verified: found },
      });
      return { ...view, check: { verified: found, detail } };
    });
  }
}
