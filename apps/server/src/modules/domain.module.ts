import {
  APP_USER_CREDENTIALS,
  type AppUserCredentials,
  BLOB_STORE,
  type BlobStore,
  BUNDLE_EXTRACTOR,
  type BundleExtractor,
  CLOCK,
  type Clock,
  CODE_RUNNER,
  type CodeRunner,
  createUseCases,
  DNS_RESOLVER,
  type DnsResolver,
  ID_GENERATOR,
  type IdGenerator,
  KEY_MANAGEMENT,
  type KeyManagement,
  MAILER,
  type Mailer,
  MODEL_GATEWAY,
  type ModelGateway,
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
import { type Instrumentation, NO_INSTRUMENTATION } from '../metrics/instrumentation';
import { CONFIG, INSTRUMENTATION } from '../tokens';

/** The address of `MAIL_FROM`, which may be `Name <address>`. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** The use cases, built from whichever adapters the other modules bound to the ports. */
export const domainModule = new ContainerModule(({ bind }) => {
  bind<Instrumentation>(INSTRUMENTATION).toConstantValue(NO_INSTRUMENTATION);
  bind<PlatformSettings>(PLATFORM_SETTINGS)
    .toResolvedValue(
      (config: Config): PlatformSettings => ({
        publicBaseUrl: config.publicBaseUrl,
        platformName: config.platformName,
        organizationCreationEnabled: config.organizationCreationEnabled,
        planLimits: config.planLimits,
        customDomainTarget: config.domainCnameTarget,
        mailFromAddress: addressOf(config.mailFrom),
        allowPrivateMailHosts: config.allowPrivateMailHosts,
        llmCuPerUsd: config.llmCuPerUsd,
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
        blobs: BlobStore,
        bundles: BundleExtractor,
        dns: DnsResolver,
        codeRunner: CodeRunner,
        modelGateway: ModelGateway,
        instrument: Instrumentation,
        appUserCredentials: AppUserCredentials,
      ) =>
        createUseCases({
          uow,
          clock,
          ids,
          hasher,
          signer,
          secretTokens,
          mailer: instrument.mailer(mailer),
          rateLimiter: instrument.rateLimiter(rateLimiter),
          settings,
          kms,
          blobs,
          bundles,
          dns,
          appUserCredentials,
          codeRunner: instrument.codeRunner(codeRunner),
          modelGateway: instrument.modelGateway(modelGateway),
        }),
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
        BLOB_STORE,
        BUNDLE_EXTRACTOR,
        DNS_RESOLVER,
        CODE_RUNNER,
        MODEL_GATEWAY,
        INSTRUMENTATION,
        APP_USER_CREDENTIALS,
      ],
    )
    .inSingletonScope();
});
