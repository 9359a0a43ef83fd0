import { HttpCodeRunner } from '@groundfloor/coderunner-client';
import { CODE_RUNNER, type CodeRunner } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/** The code-execution service at `CODERUNNER_URL` (unset: every proxy route answers 503). */
export const coderunnerModule = new ContainerModule(({ bind }) => {
  bind<CodeRunner>(CODE_RUNNER)
    .toResolvedValue(
      (config: Config) =>
        new HttpCodeRunner({ baseUrl: config.coderunnerUrl, timeoutMs: config.coderunnerTimeoutMs }),
      [CONFIG],
    )
    .inSingletonScope();
});
