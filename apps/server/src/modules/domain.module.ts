import {
  CLOCK,
  type Clock,
  createUseCases,
  ID_GENERATOR,
  type IdGenerator,
  KEY_MANAGEMENT,
  type KeyManagement,
  MAILER,
  type Mailer,
  PASSWORD_HASHER,
  type PasswordHasher,
  PLATFORM_SETTINGS,
  type PlatformSettings,
  RATE_LIMITER,
  type RateLimiter,
  SECRET_TOKENS,
  type SecretTokens,
  TOKEN_SIGNER,
  type TokenSigner,
  UNIT_OF_WORK,
  type UnitOfWork,
  USE_CASES,
  type UseCases,
} from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/** The use cases, built from whichever adapters the other modules bound to the ports. */
export const domainModule = new ContainerModule(({ bind }) => {
  bind<PlatformSettings>(PLATFORM_SETTINGS)
    .toResolvedValue(
      (config: Config): PlatformSettings => ({
        publicBaseUrl: config.publicBaseUrl,
        platformName: config.platformName,
        organizationCreationEnabled: config.organizationCreationEnabled,
        planLimits: config.planLimits,
      }),
      [CONFIG],
    )
    .inSingletonScope();
  bind<UseCases>(USE_CASES)
    .toResolvedValue(
      (
        uow: UnitOfWork,
        clock: Clock,
        ids: IdGenerator,
        hasher: PasswordHasher,
        signer: TokenSigner,
        secretTokens: SecretTokens,
        mailer: Mailer,
        rateLimiter: RateLimiter,
        settings: PlatformSettings,
        kms: KeyManagement,
      ) =>
        createUseCases({ uow, clock, ids, hasher, signer, secretTokens, mailer, rateLimiter, settings, kms }),
      [
        UNIT_OF_WORK,
        CLOCK,
        ID_GENERATOR,
        PASSWORD_HASHER,
        TOKEN_SIGNER,
        SECRET_TOKENS,
        MAILER,
        RATE_LIMITER,
        PLATFORM_SETTINGS,
        KEY_MANAGEMENT,
      ],
    )
    .inSingletonScope();
});
