import { authorizeWorkspaceChange } from '../../access/access-control';
import type { App } from '../../app/app';
import { appSlugTaken, primaryWorkloadRequired } from '../../app/app.errors';
import { requireCreatableKind, requireGitRepoUrl, requireManifest } from '../../app/app-fields';
import { requireAppSlug } from '../../app/app-slug';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Repositories } from '../../ports/repositories.port';
import { DomainError } from '../../shared/domain-error';
import { requireName } from '../../shared/text';
import type { Deps } from '../deps';
import { defaultEnvironment, requireActiveEnvironment, requirePrimaryWorkload } from './app-lookup';

export interface CreateAppInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly slug: string;
  readonly appKind?: string;
  readonly environmentId?: string;
  readonly primaryCoderunnerId?: string | null;
  readonly manifest?: unknown;
  readonly gitRepoUrl?: string | null;
  readonly context: RequestContext;
}

/**
 * Saves the app; a slug taken by a concurrent create (the unique index
 * decides) is the same 409 as one taken before.
 */
export async function insertApp(tx: Repositories, app: App): Promise<void> {
  try {
    await tx.apps.save(app);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'duplicate') throw appSlugTaken(app.slug);
    throw err;
  }
}

/** Spec, Apps, POST /apps. */
export class CreateApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: CreateAppInput): Promise<App> {
    const name = requireName(input.name);
    const slug = requireAppSlug(input.slug);
    const kind = requireCreatableKind(input.appKind);
    const manifest = input.manifest === undefined ? {} : requireManifest(input.manifest);
    const gitRepoUrl = requireGitRepoUrl(input.gitRepoUrl ?? null);
    const primaryCoderunnerId = input.primaryCoderunnerId ?? null;
    if (kind === 'standalone' && primaryCoderunnerId === null) throw primaryWorkloadRequired();
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const environment =
        input.environmentId === undefined
          ? await defaultEnvironment(tx, workspace.id)
          : await requireActiveEnvironment(tx, workspace.id, input.environmentId);
      if (primaryCoderunnerId !== null) await requirePrimaryWorkload(tx, workspace.id, primaryCoderunnerId);
      if (await tx.apps.findBySlug(workspace.id, slug)) throw appSlugTaken(slug);
      const app: App = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        name,
        slug,
        kind,
        environmentId: environment.id,
        primaryCoderunnerId,
        manifest,
        gitRepoUrl,
        visibility: 'workspace',
        status: 'active',
        promotedFromAppId: null,
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
      };
      await insertApp(tx, app);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app', id: app.id },
        details: { name, slug, app_kind: kind, environment_id: environment.id },
      });
      return app;
    });
  }
}
