import { authorizeOrganization } from '../../access/access-control';
import type { PlanTier } from '../../organization/organization';
import { LIMIT_DEFINITIONS, type LimitKey, type LimitUnit, limitFor } from '../../quota/plan-limits';
import type { Deps } from '../deps';

export interface QuotaLine {
  readonly key: LimitKey;
  readonly label: string;
  readonly unit: LimitUnit;
  readonly current: number;
  readonly limit: number | null;
  readonly description: string;
}

export interface Quota {
  readonly account_id: string;
  readonly organization_id: string;
  readonly plan_tier: PlanTier;
  readonly limits: QuotaLine[];
  readonly note: string;
}

const NOTE =
  'Plan ceilings are placeholders until pricing is final. workspaces and files.bytes are enforced; audit.events and llm.cu are reported only.';

/** Plan tier and usage against limits (spec: Quotas). */
export class GetQuota {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'settings'>) {}

  async execute(input: { userId: string; organizationId: string }): Promise<Quota> {
    const { read } = this.deps.uow;
    const { organization } = await authorizeOrganization(
      read,
      input.userId,
      input.organizationId,
      'read',
      this.deps.clock.now(),
    );
    const [workspaces, auditEvents, releaseBytes] = await Promise.all([
      read.workspaces.countByOrganization(organization.id),
      read.audit.countForOrganization(organization.id),
      read.releases.sumActiveBytes(organization.id),
    ]);
    // Until a files feature exists, files.bytes is what the current release
    // of each active app takes (docs/apps.md); llm.cu has no source yet.
    const current: Record<LimitKey, number> = {
      workspaces,
      'files.bytes': releaseBytes,
      'audit.events': auditEvents,
      'llm.cu': 0,
    };
    return {
      account_id: organization.id,
      organization_id: organization.id,
      plan_tier: organization.planTier,
      limits: LIMIT_DEFINITIONS.map((d) => ({
        key: d.key,
        label: d.label,
        unit: d.unit,
        current: current[d.key],
        limit: limitFor(
          this.deps.settings.planLimits,
          organization.planTier,
          organization.limitOverrides,
          d.key,
        ),
        description: d.description,
      })),
      note: NOTE,
    };
  }
}
