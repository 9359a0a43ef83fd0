import { DEFAULT_PLAN_LIMITS, type Deps, type PlatformSettings } from '@groundfloor/domain';
import { FakeKeyManagement } from './fake-key-management';
import {
  FakeClock,
  FakeHasher,
  FakeMailer,
  FakeSecretTokens,
  FakeSigner,
  InMemoryRateLimiter,
  SequentialIds,
} from './fakes';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work';

export interface FakeDeps extends Deps {
  readonly uow: InMemoryUnitOfWork;
  readonly clock: FakeClock;
  readonly mailer: FakeMailer;
  readonly kms: FakeKeyManagement;
  settings: PlatformSettings;
}

/** Every port as an in-memory fake: domain tests run in milliseconds with no infrastructure. */
export function fakeDeps(settings: Partial<PlatformSettings> = {}): FakeDeps {
  const clock = new FakeClock();
  return {
    uow: new InMemoryUnitOfWork(),
    clock,
    ids: new SequentialIds(),
    hasher: new FakeHasher(),
    signer: new FakeSigner(clock),
    secretTokens: new FakeSecretTokens(),
    mailer: new FakeMailer(),
    rateLimiter: new InMemoryRateLimiter(clock),
    kms: new FakeKeyManagement(),
    settings: {
      publicBaseUrl: 'http://control.test',
      platformName: 'Groundfloor',
      organizationCreationEnabled: false,
      planLimits: DEFAULT_PLAN_LIMITS,
      ...settings,
    },
  };
}
