import { requireEnvelope } from '../../coderunner/coderunner-answer';
import { requireUpstreamId } from '../../coderunner/upstream-id';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import type { Deps } from '../deps';
import { authorizeProxy, type ProxyTarget } from './proxy-access';

/** GET `…/coderunner/versions/{versionId}` (read) → upstream GET `/api/version/{versionId}`. */
export class GetVersion {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'signer' | 'codeRunner'>) {}

  async execute(input: ProxyTarget & { versionId: string }): Promise<CodeRunnerEnvelope> {
    const versionId = requireUpstreamId(input.versionId, 'version');
    const { as } = await authorizeProxy(this.deps, input, 'read');
    return requireEnvelope(await this.deps.codeRunner.getVersion(as, versionId));
  }
}
