import { authorizeWorkspaceChange } from '../../access/access-control';
import type { App } from '../../app/app';
import {
  appArchived,
  appKindNotCreatable,
  appNotFound,
  appNotShellFederated,
  appSlugTaken,
} from '../../app/app.errors';
import { promotedManifest, promotedSlug } from '../../app/app-promotion';
import { duplicatePair, PAIR_FAILURES, tooManyPairs } from '../../app/app-promotion.errors';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Environment } from '../../environment/environment';
import type { Organization } from '../../organization/organization';
import type { PublishedRelease } from '../../ports/app-releases.port';
import type { Repositories } from '../../ports/repositories.port';
import { DomainError } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { filesQuotaRoom } from '../release/release-access';
import { lockWorkspace } from '../workspace/workspace-ceilings';
import { requirePrimaryWorkload } from './app-lookup';
import { insertApp } from './create-app.use-case';
import { requireEnvironmentPair } from './environment-pair';

export interface PromotionPair {
  readonly sourceAppId: string;
  /** Absent: the app promoted from the source before, or a new app. */
  readonly targetAppId?: string;
  /** A published release of the source app to publish on the target. */
  readonly sourceReleaseId?: string;
}

export interface PromotedApp {
  readonly sourceAppId: string;
  /** Null on a dry run that would create the target app. */
  readonly targetAppId: string | null;
  readonly created: boolean;
  readonly sourceReleaseId: string | null;
  /** The release now current on the target; null when none was published (or on a dry run). */
  readonly releaseId: string | null;
}

export interface AppPromotionResult {
  readonly sourceEnvironmentId: string;
  readonly targetEnvironmentId: string;
  readonly dryRun: boolean;
  readonly promoted: PromotedApp[];
  readonly failed: { readonly sourceAppId: string; readonly error: string }[];
}

/** Refuses one pair (it lands in `failed` under this code). */
class PairRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const refuse = (code: string): never => {
  throw new PairRefused(code);
};

interface Plan {
  readonly source: App;
  readonly target: App | null;
  readonly release: PublishedRelease | null;
  /** The slug a created target gets. */
  readonly slug: string;
}

/** Checks one pair against the two environments; throws PairRefused. */
async function plan(
  tx: Repositories,
  workspaceId: string,
  environments: { source: Environment; target: Environment },
  pair: PromotionPair,
): Promise<Plan> {
  const source = (await tx.apps.findById(workspaceId, pair.sourceAppId)) ?? refuse(appNotFound().code);
  if (source.environmentId !== environments.source.id) refuse(PAIR_FAILURES.notInSourceEnvironment);
  if (source.status === 'archived') refuse(appArchived().code);
  let target: App | null;
  if (pair.targetAppId !== undefined) {
    target =
      (await tx.apps.findByIdForUpdate(workspaceId, pair.targetAppId)) ??
      refuse(PAIR_FAILURES.targetNotFound);
    if (target.environmentId !== environments.target.id) refuse(PAIR_FAILURES.notInTargetEnvironment);
    if (target.status === 'archived') refuse(appArchived().code);
    if (target.kind !== source.kind) refuse(PAIR_FAILURES.kindMismatch);
  } else {
    const inTarget = await tx.apps.list({
      workspaceId,
      kinds: [source.kind],
      includeArchived: false,
      environmentId: environments.target.id,
    });
    const linked = inTarget.find((a) => a.promotedFromAppId === source.id);
    // Locked and read again, so a concurrent PATCH of the target is not undone.
    target = linked ? await tx.apps.findByIdForUpdate(workspaceId, linked.id) : null;
  }
  let release: PublishedRelease | null = null;
  if (pair.sourceReleaseId !== undefined) {
    if (source.kind !== 'shell_federated') refuse(appNotShellFederated().code);
    release =
      (await tx.appReleases.findPublished(source.id, pair.sourceReleaseId)) ??
      refuse(PAIR_FAILURES.releaseNotFound);
  }
  const slug = promotedSlug(source.slug, environments.target.name);
  if (target === null) {
    // A legacy `coderunner` app is promoted only into one that exists: no new app gets that kind.
    if (source.kind === 'coderunner') refuse(appKindNotCreatable(source.kind).code);
    if (source.primaryCoderunnerId !== null)
      await requirePrimaryWorkload(tx, workspaceId, source.primaryCoderunnerId);
    if (await tx.apps.findBySlug(workspaceId, slug)) refuse(appSlugTaken(slug).code);
  }
  return { source, target, release, slug };
}

/**
 * The plan, or the code the pair is refused with. Only reads run here, so a
 * refusal leaves the transaction usable for the other pairs.
 */
async function planOrRefusal(
  tx: Repositories,
  workspaceId: string,
  environments: { source: Environment; target: Environment },
  pair: PromotionPair,
): Promise<Plan | string> {
  try {
    return await plan(tx, workspaceId, environments, pair);
  } catch (err) {
    if (err instanceof PairRefused) return err.code;
    // Refusals of the primary workload check (404, 409, 400).
    if (err instanceof DomainError && ['not_found', 'conflict', 'malformed'].includes(err.kind))
      return err.code;
    throw err;
  }
}

/** No source app, and no target app, in two pairs. */
function requireDistinctPairs(pairs: readonly PromotionPair[]): void {
  if (pairs.length > Limits.appPromotePairsMax) throw tooManyPairs(Limits.appPromotePairsMax);
  const sources = new Set<string>();
  const targets = new Set<string>();
  for (const [i, p] of pairs.entries()) {
    if (sources.has(p.sourceAppId)) throw duplicatePair(`pairs[${i}].source_app_id`);
    sources.add(p.sourceAppId);
    if (p.targetAppId === undefined) continue;
    if (targets.has(p.targetAppId)) throw duplicatePair(`pairs[${i}].target_app_id`);
    targets.add(p.targetAppId);
  }
}

/**
 * Spec, Apps, POST /apps/promote (write). For each pair the target app gets
 * the source's settings (name, repository, manifest without its tracked
 * deployment ids) and, with `sourceReleaseId`, that release as its current
 * one; a missing target is created as `<slug>-<environment>` with the
 * source's primary workload and access. A pair that cannot be promoted is
 * reported in `failed`; the rest commit together, with one `app.promoted`
 * audit event, a dry run included.
 */
export class PromoteApps {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    sourceEnvironmentId: string;
    targetEnvironmentId: string;
    pairs: readonly PromotionPair[];
    dryRun?: boolean;
    context: RequestContext;
  }): Promise<AppPromotionResult> {
    requireDistinctPairs(input.pairs);
    const dryRun = input.dryRun ?? false;
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      // Promotions of one workspace take turns (not dry runs, which write
      // nothing): two that create the same target app would otherwise both
      // plan it, and the second would fail whole on its slug.
      if (!dryRun) await lockWorkspace(tx, workspace.id);
      const environments = await requireEnvironmentPair(
        tx,
        workspace.id,
        input.sourceEnvironmentId,
        input.targetEnvironmentId,
      );
      const result: AppPromotionResult = {
        sourceEnvironmentId: environments.source.id,
        targetEnvironmentId: environments.target.id,
        dryRun,
        promoted: [],
        failed: [],
      };
      // Every target a pair names, and then each one a pair resolves to: no app is the target of two pairs.
      const targets = new Set(
        input.pairs.flatMap((p) => (p.targetAppId === undefined ? [] : [p.targetAppId])),
      );
      for (const pair of input.pairs) {
        const planned = await planOrRefusal(tx, workspace.id, environments, pair);
        const failure =
          typeof planned === 'string'
            ? planned
            : await this.refusal(tx, organization, pair, planned, targets, dryRun);
        if (failure !== null) {
          result.failed.push({ sourceAppId: pair.sourceAppId, error: failure });
          continue;
        }
        const plan = planned as Plan;
        if (plan.target !== null) targets.add(plan.target.id);
        if (dryRun) result.promoted.push(dryRunOutcome(plan));
        // Writes run outside the refusal net: a failed statement ends the whole transaction.
        else result.promoted.push(await this.apply(tx, plan, environments, now));
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app.promoted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'environment', id: environments.target.id },
        details: {
          source_environment_id: environments.source.id,
          target_environment_id: environments.target.id,
          dry_run: dryRun,
          promoted: result.promoted.map((p) => ({
            source_app_id: p.sourceAppId,
            target_app_id: p.targetAppId,
            created: p.created,
            release_id: p.releaseId,
          })),
          failed: result.failed.map((f) => ({ source_app_id: f.sourceAppId, error: f.error })),
        },
      });
      return result;
    });
  }

  /** Why a planned pair is still refused, or null: its target taken by another pair, or the files quota. */
  private async refusal(
    tx: Repositories,
    organization: Organization,
    pair: PromotionPair,
    planned: Plan,
    targets: ReadonlySet<string>,
    dryRun: boolean,
  ): Promise<string | null> {
    if (pair.targetAppId === undefined && planned.target !== null && targets.has(planned.target.id))
      return PAIR_FAILURES.targetInAnotherPair;
    if (await exceedsFilesQuota(tx, this.deps.settings, organization, planned, dryRun))
      return PAIR_FAILURES.filesQuotaExceeded;
    return null;
  }

  private async apply(
    tx: Repositories,
    { source, target, release, slug }: Plan,
    environments: { target: Environment },
    now: Date,
  ): Promise<PromotedApp> {
    const copied = {
      name: source.name,
      gitRepoUrl: source.gitRepoUrl,
      manifest: promotedManifest(source.manifest, target?.manifest ?? null),
      promotedFromAppId: source.id,
      updatedAt: now,
    };
    let promoted: App;
    if (target) {
      promoted = { ...target, ...copied };
      await tx.apps.save(promoted);
    } else {
      promoted = {
        ...source,
        ...copied,
        id: this.deps.ids.next(),
        slug,
        environmentId: environments.target.id,
        createdAt: now,
        archivedAt: null,
      };
      await insertApp(tx, promoted);
      const grants = await tx.siteGrants.list(source.workspaceId, { resource: 'app', appId: source.id });
      await tx.siteGrants.replace(
        source.workspaceId,
        { resource: 'app', appId: promoted.id },
        grants.map((g) => ({ ...g, appId: promoted.id })),
      );
    }
    const published = release
      ? await tx.appReleases.publishCopy(release, promoted.id, this.deps.ids.next(), now)
      : null;
    return {
      sourceAppId: source.id,
      targetAppId: promoted.id,
      created: target === null,
      sourceReleaseId: release?.releaseId ?? null,
      releaseId: published?.releaseId ?? null,
    };
  }
}

/**
 * Whether publishing the plan's release on its target would take the
 * organization past `files.bytes`: a promoted release counts in full, so
 * the ceiling that refuses an upload (507) refuses the pair. Pairs are
 * checked one after the other, each seeing the ones already promoted; the
 * organization is locked as finalize locks it.
 */
async function exceedsFilesQuota(
  tx: Repositories,
  settings: Deps['settings'],
  organization: Organization,
  { source, target, release }: Plan,
  dryRun: boolean,
): Promise<boolean> {
  if (!release) return false;
  const locked = (dryRun ? null : await tx.organizations.findByIdForUpdate(organization.id)) ?? organization;
  const room = await filesQuotaRoom(tx, settings, locked, target?.id ?? null);
  if (room === null) return false;
  const bytes = (await tx.releases.findById(source.id, release.releaseId))?.publishedBytes ?? 0;
  return bytes > room;
}

const dryRunOutcome = ({ source, target, release }: Plan): PromotedApp => ({
  sourceAppId: source.id,
  targetAppId: target?.id ?? null,
  created: target === null,
  sourceReleaseId: release?.releaseId ?? null,
  releaseId: null,
});
