import { coderunnerNoDefinition } from '../../coderunner/coderunner.errors';
import { requireEnvelope } from '../../coderunner/coderunner-answer';
import { coderunnerIdsOf } from '../../coderunner/coderunner-manifest';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import type { Deps } from '../deps';
import { authorizeProxy, type ProxyTarget } from './proxy-access';

/** GET `…/coderunner/versions` (read) → upstream GET `/api/version/definition?DefinitionId=`. */
export class ListVersions {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'signer' | 'codeRunner'>) {}

  async execute(input: ProxyTarget): Promise<CodeRunnerEnvelope> {
    const { app, as } = await authorizeProxy(this.deps, input, 'read');
    const definitionId = coderunnerIdsOf(app.manifest).definition_id;
    if (!definitionId) throw coderunnerNoDefinition();
    return requireEnvelope(await this.deps.codeRunner.listVersions(as, definitionId));
  }
}
