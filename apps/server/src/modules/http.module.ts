import {
  PLATFORM_SETTINGS,
  type PlatformSettings,
  TOKEN_SIGNER,
  type TokenSigner,
  USE_CASES,
  type UseCases,
} from '@groundfloor/domain';
import { createApp, NotReady, type RequestObserver } from '@groundfloor/http-express';
import type { Database } from '@groundfloor/persistence-typeorm';
import type { Express } from 'express';
import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import {
  CONFIG,
  DATABASE,
  HTTP_APP,
  LOGGER,
  OBSERVE_REQUEST,
  OPERATOR_TOKEN,
  READINESS,
  SHUTDOWN,
} from '../tokens';

export interface ShutdownState {
  draining: boolean;
}

import { requestLineLogger } from '../logger';
import { translateAdapterError } from '../unavailable';

type Readiness = () => Promise<void>;

export const httpModule = new ContainerModule(({ bind }) => {
  bind<RequestObserver>(OBSERVE_REQUEST).toConstantValue(() => {});
  bind<ShutdownState>(SHUTDOWN).toConstantValue({ draining: false });
  bind<Readiness>(READINESS)
    .toResolvedValue((db: Database) => () => db.ping(), [DATABASE])
    .inSingletonScope();
  bind<Express>(HTTP_APP)
    .toResolvedValue(
      (
        config: Config,
        useCases: UseCases,
        signer: TokenSigner,
        logger: Logger,
        operatorToken: string,
        ready: Readiness,
        observeRequest: RequestObserver,
        shutdown: ShutdownState,
        platform: PlatformSettings,
      ) =>
        createApp({
          useCases,
          signer,
          logger,
          requestLineLogger: requestLineLogger(logger),
          operatorToken,
          platform,
          // Not ready once shutdown begins: the load balancer stops sending new requests while they drain.
          ready: async () => {
            if (shutdown.draining) throw new NotReady('the server is shutting down');
            await ready();
          },
          observeRequest,
          translateError: translateAdapterError,
          trustProxy: config.trustProxy,
        }),
      [
        CONFIG,
        USE_CASES,
        TOKEN_SIGNER,
        LOGGER,
        OPERATOR_TOKEN,
        READINESS,
        OBSERVE_REQUEST,
        SHUTDOWN,
        PLATFORM_SETTINGS,
      ],
    )
    .inSingletonScope();
});
