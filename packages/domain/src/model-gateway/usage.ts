import type { SpendLogRow } from '../ports/model-gateway.port';
import { Limits } from '../shared/limits';
import { usageQueryOutOfRange } from './model-gateway.errors';

/** Spec, Resources: a usage row. */
export interface UsageRow {
  readonly ts: string;
  readonly model: string;
  readonly total_tokens: number;
  readonly cu: number;
  readonly cost_usd: number;
}

/** Spec, Resources: the usage response. */
export interface UsageReport {
  readonly workspace_id: string;
  readonly since: string;
  readonly until: string;
  readonly total_cu: number;
  readonly total_tokens: number;
  readonly rows: UsageRow[];
}

export interface UsageQuery {
  readonly sinceSeconds: number;
  readonly limit: number;
}

const within = (
  field: string,
  value: number | undefined,
  range: { min: number; max: number; default: number },
) => {
  if (value === undefined) return range.default;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max)
    throw usageQueryOutOfRange(field, range.min, range.max);
  return value;
};

/** Spec, Limits: `since_seconds` 60 to 2,592,000 (default 86400), `limit` 1 to 1000 (default 100); else 422. */
export function requireUsageQuery(input: { sinceSeconds?: number; limit?: number }): UsageQuery {
  return {
    sinceSeconds: within('since_seconds', input.sinceSeconds, Limits.usageSinceSeconds),
    limit: within('limit', input.limit, Limits.usageLimit),
  };
}

/** Money and compute units keep 6 decimals: enough for a fraction of a cent, free of float noise. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Spec, Model gateway: `limit` is applied to the gateway's rows first, then
 * rows older than the window are dropped, so fewer rows may return.
 * `cost_usd` is the row's `spend`; `cu` is `spend × cuPerUsd` (supplement §14).
 */
export function usageReport(
  workspaceId: string,
  rows: readonly SpendLogRow[],
  window: { since: Date; until: Date },
  query: UsageQuery,
  cuPerUsd: number,
): UsageReport {
  const kept = rows
    .slice(0, query.limit)
    .filter((row) => {
      const at = Date.parse(row.startTime);
      return Number.isFinite(at) && at >= window.since.getTime();
    })
    .map(
      (row): UsageRow => ({
        ts: new Date(Date.parse(row.startTime)).toISOString(),
        model: row.model,
        total_tokens: row.totalTokens,
        cu: round(row.spend * cuPerUsd),
        cost_usd: round(row.spend),
      }),
    );
  return {
    workspace_id: workspaceId,
    since: window.since.toISOString(),
    until: window.until.toISOString(),
    total_cu: round(kept.reduce((sum, row) => sum + row.cu, 0)),
    total_tokens: kept.reduce((sum, row) => sum + row.total_tokens, 0),
    rows: kept,
  };
}
