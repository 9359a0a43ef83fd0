import { Container, type ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from './config';
import { cryptoModule } from './modules/crypto.module';
import { domainModule } from './modules/domain.module';
import { httpModule } from './modules/http.module';
import { mailModule } from './modules/mail.module';
import { persistenceModule } from './modules/persistence.module';
import { CONFIG, LOGGER, OPERATOR_TOKEN } from './tokens';

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
  await container.load(persistenceModule, cryptoModule, mailModule, domainModule, httpModule);
  if (overrides.length > 0) await container.load(...overrides);
  return container;
}
