import { type CompareStatus, PROMOTE_MODES, type PromotionResult } from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Closed, everyOf, OneOf, Resource, Uuid } from '../openapi/schema';

/* Compare and promote between two environments: keys and outcomes, never values. */

export const SecretComparisonSchema = Resource('SecretComparison', {
  source_environment_id: Uuid(),
  target_environment_id: Uuid(),
  keys: Type.Array(
    Closed({
      key: Type.String(),
      status: OneOf(everyOf<CompareStatus>()(['only_source', 'only_target', 'both_same', 'both_differ'])),
    }),
  ),
});
export const secretComparisonJson = (
  source: string,
  target: string,
  keys: readonly { key: string; status: CompareStatus }[],
): Static<typeof SecretComparisonSchema> => ({
  source_environment_id: source,
  target_environment_id: target,
  keys: keys.map((k) => ({ key: k.key, status: k.status })),
});

export const PromotionSchema = Resource('Promotion', {
  source_environment_id: Uuid(),
  target_environment_id: Uuid(),
  mode: OneOf(PROMOTE_MODES),
  dry_run: Type.Boolean(),
  copied: Type.Array(Type.String()),
  skipped: Type.Array(Type.String()),
  failed: Type.Array(Closed({ key: Type.String(), error: Type.String({ description: 'a problem code' }) })),
});
export const promotionJson = (
  source: string,
  target: string,
  result: PromotionResult,
): Static<typeof PromotionSchema> => ({
  source_environment_id: source,
  target_environment_id: target,
  mode: result.mode,
  dry_run: result.dryRun,
  copied: [...result.copied],
  skipped: [...result.skipped],
  failed: result.failed.map((f) => ({ key: f.key, error: f.error })),
});
