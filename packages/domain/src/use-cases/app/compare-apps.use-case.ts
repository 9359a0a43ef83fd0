import type { App } from '../../app/app';
import { APP_KINDS } from '../../app/app';
import { sameSettings } from '../../app/app-promotion';
import type { PublishedRelease } from '../../ports/app-releases.port';
import type { Repositories } from '../../ports/repositories.port';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireEnvironmentPair } from './environment-pair';
import { authorizeTeamRead } from './read-access';

/** The secrets compare vocabulary, for apps. */
export type AppCompareStatus = 'only_source' | 'only_target' | 'both_same' | 'both_differ';

/** One row: an app of the source environment, its counterpart in the target, or both. */
export interface AppComparison {
  readonly status: AppCompareStatus;
  readonly source: App | null;
  readonly target: App | null;
  readonly sourceRelease: PublishedRelease | null;
  readonly targetRelease: PublishedRelease | null;
}

const activeIn = (repos: Repositories, workspaceId: string, environmentId: string) =>
  repos.apps.list({
    workspaceId,
    kinds: APP_KINDS,
    includeArchived: false,
    environmentId,
  });

/** Apps are counterparts when one was promoted from the other; each pairs at most once. */
function pairUp(sources: readonly App[], targets: readonly App[]): [App | null, App | null][] {
  const unpaired = [...targets];
  const pairs: [App | null, App | null][] = sources.map((s) => {
    const i = unpaired.findIndex((t) => t.promotedFromAppId === s.id || s.promotedFromAppId === t.id);
    return [s, i < 0 ? null : (unpaired.splice(i, 1)[0] ?? null)];
  });
  return [...pairs, ...unpaired.map((t): [App | null, App | null] => [null, t])];
}

const sameRelease = (a: PublishedRelease | null, b: PublishedRelease | null) =>
  a === null || b === null ? a === b : a.digest === b.digest;

/**
 * Spec, Apps, GET /apps/compare (read). Slugs are unique in a workspace, so
 * an app and its copy in another environment are paired through promotion
 * (`promotedFromAppId`), not by slug; a pair is `both_same` when its
 * settings and current releases match. Rows come by slug (the source's,
 * else the target's).
 */
export class CompareApps {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    caller: Principal;
    workspaceId: string;
    sourceEnvironmentId: string;
    targetEnvironmentId: string;
  }): Promise<AppComparison[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    const { source, target } = await requireEnvironmentPair(
      read,
      workspace.id,
      input.sourceEnvironmentId,
      input.targetEnvironmentId,
    );
    const [sources, targets] = await Promise.all([
      activeIn(read, workspace.id, source.id),
      activeIn(read, workspace.id, target.id),
    ]);
    const release = (app: App | null) => (app ? read.appReleases.findCurrent(app.id) : Promise.resolve(null));
    const rows = await Promise.all(
      pairUp(sources, targets).map(async ([s, t]): Promise<AppComparison> => {
        const [sourceRelease, targetRelease] = await Promise.all([release(s), release(t)]);
        const status: AppCompareStatus =
          s && t
            ? sameSettings(s, t) && sameRelease(sourceRelease, targetRelease)
              ? 'both_same'
              : 'both_differ'
            : s
              ? 'only_source'
              : 'only_target';
        return { status, source: s, target: t, sourceRelease, targetRelease };
      }),
    );
    const slug = (row: AppComparison) => row.source?.slug ?? row.target?.slug ?? '';
    return rows.sort((a, b) => (slug(a) < slug(b) ? -1 : slug(a) > slug(b) ? 1 : 0));
  }
}
