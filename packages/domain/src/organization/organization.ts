export type PlanTier = 'free' | 'pro' | 'enterprise';
export const PLAN_TIERS: readonly PlanTier[] = ['free', 'pro', 'enterprise'];
export type OrganizationStatus = 'active' | 'suspended';

/** An organization (the spec's older name: account). */
export interface Organization {
  readonly id: string;
  name: string;
  planTier: PlanTier;
  status: OrganizationStatus;
  /** Operator overrides of the plan's limits; null means no ceiling. */
  limitOverrides: Record<string, number | null>;
  readonly createdAt: Date;
}

export const isPlanTier = (value: unknown): value is PlanTier =>
  typeof value === 'string' && (PLAN_TIERS as readonly string[]).includes(value);
