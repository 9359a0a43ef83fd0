import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { type CustomDomain, type DomainStatus, isVerified } from '../../custom-domain/custom-domain';
import { domainNotFound } from '../../custom-domain/custom-domain.errors';
import type { Deps } from '../deps';
import { checkDomain } from './check-domain';
import { requireAppDomain, requireDomainApp } from './domain-access';

/** The verify answer: `{domain, status, verified, detail}`. */
export interface DomainVerification {
  readonly domain: string;
  readonly status: DomainStatus;
  readonly verified: boolean;
  readonly detail: string;
}

export interface VerifyDomainInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly domain: string;
  readonly context: RequestContext;
}

/**
 * `POST /apps/{app_id}/coderunner/domains/{domain}/verify` (write):
 * re-checks DNS. The domain reads `verifying` while the lookups run (no
 * transaction is held open for them), then the status they found
 * (check-domain.ts), recorded with one audit event.
 */
export class VerifyDomain {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'dns' | 'settings'>) {}

  async execute(input: VerifyDomainInput): Promise<DomainVerification> {
    const { domain, previous } = await this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const { workspace } = await authorizeWorkspaceChange(tx, input.userId, input.workspaceId, 'write', now);
      const app = await requireDomainApp(tx, workspace.id, input.appId);
      const found = await requireAppDomain(tx, app.id, input.domain, { forUpdate: true });
      const before = found.status;
      found.status = 'verifying';
      await tx.customDomains.update(found);
      return { domain: found, previous: before };
    });

    try {
      const check = await checkDomain(this.deps.dns, domain, this.deps.settings.customDomainTarget);
      return await this.record(input, domain, previous, check);
    } catch (err) {
      // Refused meanwhile (the app archived, the workspace frozen, the caller's
      // role gone): the check is not recorded, so the domain must not read
      // `verifying` for good either.
      await this.putBack(domain, previous);
      throw err;
    }
  }

  /** The status the domain had before this check, unless something else has changed it since. */
  private async putBack(domain: CustomDomain, previous: DomainStatus): Promise<void> {
    await this.deps.uow.transaction(async (tx) => {
      const current = await tx.customDomains.findForUpdate(domain.appId, domain.domain);
      if (!current || current.id !== domain.id || current.status !== 'verifying') return;
      // Another check was running when this one began: its outcome is unknown, so not yet verified.
      current.status = previous === 'verifying' ? 'pending' : previous;
      await tx.customDomains.update(current);
    });
  }

  private record(
    input: VerifyDomainInput,
    domain: CustomDomain,
    previous: DomainStatus,
    check: Awaited<ReturnType<typeof checkDomain>>,
  ): Promise<DomainVerification> {
    return this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const app = await requireDomainApp(tx, workspace.id, input.appId);
      const current = await tx.customDomains.findForUpdate(app.id, domain.domain);
      // Deleted (or deleted and added again) while DNS was asked: the check is about a domain that is gone.
      if (!current || current.id !== domain.id) throw domainNotFound();
      current.status = check.status;
      current.detail = check.detail;
      current.lastCheckedAt = now;
      await tx.customDomains.update(current);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_domain.checked',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_domain', id: current.id },
        details: { app_id: app.id, domain: current.domain, status: check.status, previous_status: previous },
      });
      return {
        domain: current.domain,
        status: current.status,
        verified: isVerified(current.status),
        detail: check.detail,
      };
    });
  }
}
