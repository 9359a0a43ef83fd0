import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Environment } from '../../environment/environment';
import type { Repositories } from '../../ports/repositories.port';
import { isPlatformManaged, requireSecretKey, type Secret } from '../../secret/secret';
import { conflict, invalid, malformed } from '../../shared/domain-error';
import { requireNotFrozen } from '../../workspace/workspace';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace } from '../workspace/workspace-ceilings';
import { authorizeSecrets, requireEnvironment } from './secret-access';
import { openSecret, sealSecret } from './secret-store';

export type CompareStatus = 'only_source' | 'only_target' | 'both_same' | 'both_differ';
export const PROMOTE_MODES = ['skip_existing', 'overwrite'] as const;
export type PromoteMode = (typeof PROMOTE_MODES)[number];

interface PairInput {
  readonly caller: Principal;
  readonly workspaceId: string;
  readonly sourceEnvironmentId: string;
  readonly targetEnvironmentId: string;
}

/** Two different, active environments of the workspace (spec: 400 identical, 409 inactive). */
async function environmentPair(
  repos: Repositories,
  input: PairInput,
): Promise<{ source: Environment; target: Environment }> {
  const source = await requireEnvironment(repos, input.workspaceId, input.sourceEnvironmentId);
  const target = await requireEnvironment(repos, input.workspaceId, input.targetEnvironmentId);
  if (source.id === target.id) {
    throw malformed('identical_environments', 'source and target must be different environments');
  }
  for (const environment of [source, target]) {
    if (environment.status !== 'active') {
      throw conflict('environment_inactive', `environment '${environment.name}' is inactive`);
    }
  }
  return { source, target };
}

const byKey = (secrets: readonly Secret[]) =>
  new Map(secrets.filter((s) => !isPlatformManaged(s.key)).map((s) => [s.key, s]));

/** Which keys two environments share and whether their values match; never the values. */
export class CompareSecrets {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'kms'>) {}

  async execute(input: PairInput): Promise<{ key: string; status: CompareStatus }[]> {
    const { read } = this.deps.uow;
    await authorizeSecrets(read, input.caller, input.workspaceId, 'compare', this.deps.clock.now());
    const { source, target } = await environmentPair(read, input);
    const sources = byKey(await read.secrets.listSet(input.workspaceId, source.id));
    const targets = byKey(await read.secrets.listSet(input.workspaceId, target.id));
    const keys = [...new Set([...sources.keys(), ...targets.keys()])].sort();
    const result: { key: string; status: CompareStatus }[] = [];
    for (const key of keys) {
      const s = sources.get(key);
      const t = targets.get(key);
      if (!t) result.push({ key, status: 'only_source' });
      else if (!s) result.push({ key, status: 'only_target' });
      else {
        const [a, b] = await Promise.all([
          openSecret(this.deps.kms, s, s.sealed),
          openSecret(this.deps.kms, t, t.sealed),
        ]);
        result.push({ key, status: a === b ? 'both_same' : 'both_differ' });
      }
    }
    return result;
  }
}

export interface PromotionResult {
  readonly mode: PromoteMode;
  readonly dryRun: boolean;
  readonly copied: string[];
  readonly skipped: string[];
  readonly failed: { key: string; error: string }[];
}

/**
 * Copies secrets from one environment to another in one transaction: every
 * copy commits, or (key store down, database error) none does. Values are
 * re-sealed under the target's context; only keys reach the audit log.
 * A new key that would take the target set past its ceiling fails with
 * `limit_reached`; the keys before it still copy.
 */
export class PromoteSecrets {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'kms'>) {}

  async execute(
    input: PairInput & { keys?: string[]; mode?: string; dryRun?: boolean; context: RequestContext },
  ): Promise<PromotionResult> {
    const mode = (input.mode ?? 'skip_existing') as PromoteMode;
    if (!PROMOTE_MODES.includes(mode)) {
      throw invalid('invalid_mode', 'mode must be skip_existing or overwrite', [
        { field: 'mode', message: 'must be skip_existing or overwrite' },
      ]);
    }
    for (const [i, key] of (input.keys ?? []).entries()) requireSecretKey(key, `keys[${i}]`);
    const dryRun = input.dryRun ?? false;
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeSecrets(
        tx,
        input.caller,
        input.workspaceId,
        'promote',
        now,
      );
      requireNotFrozen(organization, workspace);
      await lockWorkspace(tx, workspace.id);
      const { source, target } = await environmentPair(tx, input);
      const sources = new Map((await tx.secrets.listSet(workspace.id, source.id)).map((s) => [s.key, s]));
      const targets = new Map((await tx.secrets.listSet(workspace.id, target.id)).map((s) => [s.key, s]));
      const wanted = input.keys
        ? [...new Set(input.keys)]
        : [...sources.keys()].filter((k) => !isPlatformManaged(k)).sort();
      const result: PromotionResult = { mode, dryRun, copied: [], skipped: [], failed: [] };
      // New keys fill the target set up to its ceiling; the keys past it fail, the rest still copy.
      let held = [...targets.keys()].filter((k) => !isPlatformManaged(k)).length;
      for (const key of wanted) {
        const from = sources.get(key);
        const existing = targets.get(key);
        if (isPlatformManaged(key)) result.failed.push({ key, error: 'platform_managed_secret' });
        else if (!from) result.failed.push({ key, error: 'secret_not_found' });
        else if (existing && mode === 'skip_existing') result.skipped.push(key);
        else if (!existing && held >= CEILINGS.secrets.limit)
          result.failed.push({ key, error: 'limit_reached' });
        else {
          if (!existing) held++;
          if (!dryRun) {
            const value = await openSecret(this.deps.kms, from, from.sealed);
            const place = { workspaceId: workspace.id, environmentId: target.id, key };
            const sealed = await sealSecret(this.deps.kms, place, value);
            await tx.secrets.save(
              existing
                ? { ...existing, sealed, description: from.description, updatedAt: now }
                : {
                    id: this.deps.ids.next(),
                    ...place,
                    description: from.description,
                    sealed,
                    createdAt: now,
                    updatedAt: now,
                  },
            );
          }
          result.copied.push(key);
        }
      }
      // Spec: promote is "logged as secret.promoted"; a dry run too, marked as one.
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'secret.promoted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'environment', id: target.id },
        details: {
          source_environment_id: source.id,
          target_environment_id: target.id,
          mode,
          dry_run: dryRun,
          copied: result.copied,
          skipped: result.skipped,
          failed: result.failed.map((f) => f.key),
        },
      });
      return result;
    });
  }
}
