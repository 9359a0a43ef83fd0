import { TOKEN_SIGNER, type TokenSigner, USE_CASES, type UseCases } from '@groundfloor/domain';
import { createApp } from '@groundfloor/http-express';
import type { Database } from '@groundfloor/persistence-typeorm';
import type { Express } from 'express';
import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { CONFIG, DATABASE, HTTP_APP, LOGGER, OPERATOR_TOKEN } from '../tokens';

export const httpModule = new ContainerModule(({ bind }) => {
  bind<Express>(HTTP_APP)
    .toResolvedValue(
      (
        config: Config,
        useCases: UseCases,
        signer: TokenSigner,
        logger: Logger,
        operatorToken: string,
        db: Database,
      ) =>
        createApp({
          useCases,
          signer,
          logger,
          operatorToken,
          ready: () => db.ping(),
          trustProxy: config.trustProxy,
        }),
      [CONFIG, USE_CASES, TOKEN_SIGNER, LOGGER, OPERATOR_TOKEN, DATABASE],
    )
    .inSingletonScope();
});
