import { authorizeOrganization } from '../../access/access-control';
import { PLAN_TIERS, type PlanTier } from '../../organization/organization';
import { LIMIT_DEFINITIONS, type LimitKey, type LimitUnit } from '../../quota/plan-limits';
import type { Deps } from '../deps';

/** One billing statement. None exist yet: billing arrives when pricing is final. */
export interface BillingStatement {
  readonly id: string;
  readonly period_start: string;
  readonly period_end: string;
  readonly amount: number;
  readonly currency: string;
}

export interface PlanLine {
  readonly key: LimitKey;
  readonly label: string;
  readonly unit: LimitUnit;
  readonly limit: number | null;
  readonly description: string;
}

export interface Plan {
  readonly plan_tier: PlanTier;
  readonly limits: PlanLine[];
}

/**
 * `GET /v1/accounts/{id}/billing-statements`: the one route that checks
 * `view_billing` (owner, admin, billing_admin). The spec shows no shape and
 * there is no billing backend yet, so the list is empty.
 */
export class ListBillingStatements {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    userId: string;
    organizationId: string;
  }): Promise<{ organization_id: string; statements: BillingStatement[] }> {
    const { organization } = await authorizeOrganization(
      this.deps.uow.read,
      input.userId,
      input.organizationId,
      'view_billing',
      this.deps.clock.now(),
    );
    return { organization_id: organization.id, statements: [] };
  }
}

/** `GET /v1/billing/plans`: the plan catalogue, with the ceilings of PLAN_LIMITS (placeholders). */
export class ListPlans {
  constructor(private readonly deps: Pick<Deps, 'settings'>) {}

  execute(): { plans: Plan[] } {
    const limits = this.deps.settings.planLimits;
    return {
      plans: PLAN_TIERS.map((tier) => ({
        plan_tier: tier,
        limits: LIMIT_DEFINITIONS.map((d) => ({
          key: d.key,
          label: d.label,
          unit: d.unit,
          limit: limits[tier]?.[d.key] ?? null,
          description: d.description,
        })),
      })),
    };
  }
}
