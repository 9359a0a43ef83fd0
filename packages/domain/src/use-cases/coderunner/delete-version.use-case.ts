import type { RequestContext } from '../../audit/record';
import { declined, requireEnvelope } from '../../coderunner/coderunner-answer';
import { requireUpstreamId } from '../../coderunner/upstream-id';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import type { Deps } from '../deps';
import { authorizeProxy, type ProxyTarget } from './proxy-access';
import { recordCoderunnerStep } from './record-coderunner-ids';

/**
 * DELETE `…/coderunner/versions/{versionId}` (write) → upstream DELETE
 * `/api/version/{versionId}`. Deleting the recorded version clears
 * `manifest.coderunner.version_id`. A removal, so (like deleting a custom
 * domain) it stays allowed while the workspace is frozen.
 */
export class DeleteVersion {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(
    input: ProxyTarget & { versionId: string; context: RequestContext },
  ): Promise<CodeRunnerEnvelope> {
    const versionId = requireUpstreamId(input.versionId, 'version');
    const { organization, workspace, app, as } = await authorizeProxy(this.deps, input, 'removal');
    const envelope = requireEnvelope(await this.deps.codeRunner.deleteVersion(as, versionId));
    // Declined: the service kept the version, so the recorded one stays.
    if (declined(envelope)) return envelope;
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'app', id: app.id },
      action: 'coderunner.version_deleted',
      learned: (recorded) => (recorded.version_id === versionId ? { version_id: null } : {}),
      details: { app_id: app.id, version_id: versionId },
      context: input.context,
    });
    return envelope;
  }
}
