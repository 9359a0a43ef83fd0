import type { PlanTier } from '../organization/organization';

export type LimitKey = 'workspaces' | 'files.bytes' | 'audit.events' | 'llm.cu';
export type LimitUnit = 'count' | 'bytes' | 'cu' | 'currency';

/** Per tier: a number, or null for no ceiling. Read from PLAN_LIMITS, never hard-coded in routes. */
export type PlanLimits = Record<PlanTier, Partial<Record<LimitKey, number | null>>>;

export interface LimitDefinition {
  readonly key: LimitKey;
  readonly label: string;
  readonly unit: LimitUnit;
  readonly description: string;
}

/** The spec's limit keys, in the order the quota route lists them. */
export const LIMIT_DEFINITIONS: readonly LimitDefinition[] = [
  { key: 'workspaces', label: 'Workspaces', unit: 'count', description: 'Workspaces in the organization' },
  {
    key: 'files.bytes',
    label: 'File storage',
    unit: 'bytes',
    description: 'Total size of active files across the workspaces',
  },
  {
    key: 'audit.events',
    label: 'Audit events',
    unit: 'count',
    description: 'Audit events recorded for the organization and its workspaces (reported, not enforced)',
  },
  {
    key: 'llm.cu',
    label: 'Model gateway usage',
    unit: 'cu',
    description: 'Compute units used (reported, not enforced)',
  },
];

export const LIMIT_KEYS: readonly LimitKey[] = LIMIT_DEFINITIONS.map((d) => d.key);
export const isLimitKey = (value: string): value is LimitKey =>
  (LIMIT_KEYS as readonly string[]).includes(value);

/** Placeholders until pricing is final (spec: Limits); PLAN_LIMITS replaces them. */
export const DEFAULT_PLAN_LIMITS: PlanLimits = {
  free: { workspaces: 3, 'files.bytes': 1_073_741_824, 'audit.events': 100_000, 'llm.cu': 1_000 },
  pro: { workspaces: 25, 'files.bytes': 107_374_182_400, 'audit.events': 10_000_000, 'llm.cu': 100_000 },
  enterprise: { workspaces: null, 'files.bytes': null, 'audit.events': null, 'llm.cu': null },
};

/** The ceiling in force: an operator override wins over the plan. */
export function limitFor(
  planLimits: PlanLimits,
  tier: PlanTier,
  overrides: Record<string, number | null>,
  key: LimitKey,
): number | null {
  if (Object.hasOwn(overrides, key)) return overrides[key] ?? null;
  return planLimits[tier]?.[key] ?? null;
}
