import { DEFAULT_PLAN_LIMITS, type Deps, type PlatformSettings } from '@groundfloor/domain';
import { FakeAppUserCredentials } from './fake-app-user-credentials';
import { FakeBundleExtractor } from './fake-bundle-extractor';
import { FakeCodeRunner } from './fake-code-runner';
import { FakeKeyManagement } from './fake-key-management';
import { FakeModelGateway } from './fake-model-gateway';
import { FakeClock, FakeHasher, FakeMailer, FakeSecretTokens, FakeSigner, SequentialIds } from './fakes';
import { InMemoryBlobStore } from './in-memory-blob-store';
import { InMemoryDnsResolver } from './in-memory-dns-resolver';
import { InMemoryRateLimiter } from './in-memory-rate-limiter';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work';

export interface FakeDeps extends Deps {
  readonly uow: InMemoryUnitOfWork;
  readonly clock: FakeClock;
  readonly mailer: FakeMailer;
  readonly kms: FakeKeyManagement;
  readonly blobs: InMemoryBlobStore;
  readonly bundles: FakeBundleExtractor;
  readonly dns: InMemoryDnsResolver;
  readonly appUserCredentials: FakeAppUserCredentials;
  readonly codeRunner: FakeCodeRunner;
  readonly modelGateway: FakeModelGateway;
  settings: PlatformSettings;
}

/** Every port as an in-memory fake: domain tests run in milliseconds with no infrastructure. */
export function fakeDeps(settings: Partial<PlatformSettings> = {}): FakeDeps {
  const clock = new FakeClock();
  const blobs = new InMemoryBlobStore();
  const hasher = new FakeHasher();
  return {
    uow: new InMemoryUnitOfWork(),
    clock,
    ids: new SequentialIds(),
    hasher,
    signer: new FakeSigner(clock),
    secretTokens: new FakeSecretTokens(),
    mailer: new FakeMailer(),
    rateLimiter: new InMemoryRateLimiter(clock),
    kms: new FakeKeyManagement(),
    blobs,
    bundles: new FakeBundleExtractor(blobs),
    dns: new InMemoryDnsResolver(),
    appUserCredentials: new FakeAppUserCredentials(hasher),
    codeRunner: new FakeCodeRunner(),
    modelGateway: new FakeModelGateway(),
    settings: {
      publicBaseUrl: 'http://control.test',
      platformName: 'Groundfloor',
      organizationCreationEnabled: false,
      planLimits: DEFAULT_PLAN_LIMITS,
      customDomainTarget: 'apps.control.test',
      mailFromAddress: 'no-reply@control.test',
      allowPrivateMailHosts: false,
      llmCuPerUsd: 100,
      ...settings,
    },
  };
}
