import type { ModelList, UsageReport } from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

export const ModelEntrySchema = Resource('ModelEntry', {
  id: Type.String({
    description: 'the model to name in requests to the gateway; `<provider>/*` for bring-your-own',
  }),
  source: OneOf(
    ['catalog', 'bring_your_own'] as const,
    "the gateway's catalogue, or a provider key of the workspace",
  ),
  provider: Nullable(
    Type.String({ description: 'bring-your-own only: `openai`, `anthropic`, `gemini`, `mistral`' }),
  ),
  secret_key: Nullable(
    Type.String({ description: 'bring-your-own only: the workspace-wide secret holding the key' }),
  ),
});

export const ModelListSchema = Resource('ModelList', {
  workspace_id: Uuid(),
  catalog_available: Type.Boolean({
    description:
      'false when the gateway is not configured or did not answer: only bring-your-own entries are listed',
  }),
  models: Type.Array(ModelEntrySchema),
});

export const modelListJson = (list: ModelList): Static<typeof ModelListSchema> => ({
  workspace_id: list.workspace_id,
  catalog_available: list.catalog_available,
  models: list.models.map((m) => ({
    id: m.id,
    source: m.source,
    provider: m.provider,
    secret_key: m.secret_key,
  })),
});

const UsageRowSchema = Resource('UsageRow', {
  ts: Timestamp('when the request started'),
  model: Type.String(),
  total_tokens: Type.Integer({ minimum: 0 }),
  cu: Type.Number({ minimum: 0, description: 'compute units: `cost_usd × LLM_CU_PER_USD`' }),
  cost_usd: Type.Number({ minimum: 0 }),
});

export const UsageReportSchema = Resource('UsageReport', {
  workspace_id: Uuid(),
  since: Timestamp('the start of the window'),
  until: Timestamp('now'),
  total_cu: Type.Number({ minimum: 0 }),
  total_tokens: Type.Integer({ minimum: 0 }),
  rows: Type.Array(UsageRowSchema),
});

export const usageJson = (report: UsageReport): Static<typeof UsageReportSchema> => ({
  workspace_id: report.workspace_id,
  since: report.since,
  until: report.until,
  total_cu: report.total_cu,
  total_tokens: report.total_tokens,
  rows: report.rows.map((r) => ({
    ts: r.ts,
    model: r.model,
    total_tokens: r.total_tokens,
    cu: r.cu,
    cost_usd: r.cost_usd,
  })),
});

export const VirtualKeySchema = Resource(
  'VirtualKey',
  { virtual_key: Type.String({ description: 'shown once; the platform keeps only its alias' }) },
  "The workspace's model-gateway key",
);
