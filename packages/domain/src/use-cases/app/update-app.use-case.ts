import { authorizeWorkspaceChange } from '../../access/access-control';
import type { App } from '../../app/app';
import { primaryWorkloadRequired } from '../../app/app.errors';
import { requireGitRepoUrl, requireManifest } from '../../app/app-fields';
import { type RequestContext, recordAudit } from '../../audit/record';
import { requireName } from '../../shared/text';
import type { Deps } from '../deps';
import { requireActiveApp, requireApp, requirePrimaryWorkload } from './app-lookup';

export interface UpdateAppInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  /** Absent fields stay as they are; null clears the nullable ones. */
  readonly name?: string;
  readonly manifest?: unknown;
  readonly gitRepoUrl?: string | null;
  readonly primaryCoderunnerId?: string | null;
  readonly context: RequestContext;
}

/**
 * Spec, Apps, PATCH: `name`, `manifest` (replaced whole), `git_repo_url`,
 * `primary_coderunner_id` (checked as on create). An archived app is 410
 * until restored.
 */
export class UpdateApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: UpdateAppInput): Promise<App> {
    const name = input.name === undefined ? undefined : requireName(input.name);
    const manifest = input.manifest === undefined ? undefined : requireManifest(input.manifest);
    const gitRepoUrl = input.gitRepoUrl === undefined ? undefined : requireGitRepoUrl(input.gitRepoUrl);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const app = requireActiveApp(await requireApp(tx, workspace.id, input.appId, { forUpdate: true }));
      const changed: string[] = [];
      if (name !== undefined && name !== app.name) {
        app.name = name;
        changed.push('name');
      }
      if (manifest !== undefined) {
        app.manifest = manifest;
        changed.push('manifest');
      }
      if (gitRepoUrl !== undefined && gitRepoUrl !== app.gitRepoUrl) {
        app.gitRepoUrl = gitRepoUrl;
        changed.push('git_repo_url');
      }
      const primary = input.primaryCoderunnerId;
      if (primary !== undefined && primary !== app.primaryCoderunnerId) {
        if (primary === null && app.kind === 'standalone') throw primaryWorkloadRequired();
        if (primary !== null) await requirePrimaryWorkload(tx, workspace.id, primary);
        app.primaryCoderunnerId = primary;
        changed.push('primary_coderunner_id');
      }
      if (changed.length === 0) return app;
      app.updatedAt = now;
      await tx.apps.save(app);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app.updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app', id: app.id },
        details: { fields: changed },
      });
      return app;
    });
  }
}
