import { MODEL_GATEWAY, type ModelGateway } from '@groundfloor/domain';
import { LiteLlmModelGateway } from '@groundfloor/model-gateway-client';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/** The model gateway's admin API at `LLM_GATEWAY_URL` (unset: usage is empty, key routes 502). */
export const modelGatewayModule = new ContainerModule(({ bind }) => {
  bind<ModelGateway>(MODEL_GATEWAY)
    .toResolvedValue(
      (config: Config) =>
        new LiteLlmModelGateway({
          baseUrl: config.llmGatewayUrl,
          masterKey: config.llmGatewayMasterKey,
          timeoutMs: config.llmGatewayTimeoutMs,
        }),
      [CONFIG],
    )
    .inSingletonScope();
});
