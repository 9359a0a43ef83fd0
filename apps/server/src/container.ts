import { Container, type ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from './config';
import { blobStoreModule } from './modules/blob-store.module';
import { bundleZipModule } from './modules/bundle-zip.module';
import { coderunnerModule } from './modules/coderunner.module';
import { cryptoModule } from './modules/crypto.module';
import { dnsModule } from './modules/dns.module';
import { domainModule } from './modules/domain.module';
import { httpModule } from './modules/http.module';
import { mailModule } from './modules/mail.module';
import { modelGatewayModule } from './modules/model-gateway.module';
import { persistenceModule } from './modules/persistence.module';
import { CONFIG, LOGGER, OPERATOR_TOKEN } from './tokens';

type S3Module = typeof import('./modules/blob-store-s3.module');
type RedisModule = typeof import('./modules/redis.module');
type MetricsModule = typeof import('./modules/metrics.module');

/** A module of an optional adapter, loaded only when configured. */
const optional = <T>(path: string): T => require(path) as T;

/**
 * The only place that knows which adapter serves which port. `overrides`
 * load after the standard modules and rebind what they name (tests bind
 * fakes this way; an on-prem install binds its own adapters).
 */
export async function buildContainer(
  config: Config,
  logger: Logger,
  operatorToken: string,
  overrides: ContainerModule[] = [],
): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<Config>(CONFIG).toConstantValue(config);
  container.bind<Logger>(LOGGER).toConstantValue(logger);
  container.bind<string>(OPERATOR_TOKEN).toConstantValue(operatorToken);
  await container.load(
    persistenceModule,
    cryptoModule,
    mailModule,
    config.blobStore.kind === 's3'
      ? optional<S3Module>('./modules/blob-store-s3.module').s3BlobStoreModule
      : blobStoreModule,
    bundleZipModule,
    dnsModule,
    coderunnerModule,
    modelGatewayModule,
    domainModule,
    httpModule,
  );
  // Optional adapters load only when configured: their libraries (ioredis,
  // prom-client) stay out of the process's memory otherwise.
  if (config.redisUrl) await container.load(optional<RedisModule>('./modules/redis.module').redisModule);
  if (config.metricsPort !== undefined)
    await container.load(optional<MetricsModule>('./modules/metrics.module').metricsModule);
  if (overrides.length > 0) await container.load(...overrides);
  return container;
}
