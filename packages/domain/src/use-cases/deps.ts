import type { AppUserCredentials } from '../ports/app-user-credentials.port';
import type { BlobStore } from '../ports/blob-store.port';
import type { BundleExtractor } from '../ports/bundle-extractor.port';
import type { Clock } from '../ports/clock.port';
import type { CodeRunner } from '../ports/code-runner.port';
import type { DnsResolver } from '../ports/dns-resolver.port';
import type { IdGenerator } from '../ports/ids.port';
import type { KeyManagement } from '../ports/key-management.port';
import type { Mailer } from '../ports/mailer.port';
import type { ModelGateway } from '../ports/model-gateway.port';
import type { PasswordHasher } from '../ports/password-hasher.port';
import type { RateLimiter } from '../ports/rate-limiter.port';
import type { SecretTokens } from '../ports/secret-tokens.port';
import type { TokenSigner } from '../ports/token-signer.port';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import type { PlatformSettings } from '../shared/settings';

/** Every port a use case may take; each use case declares the few it needs with Pick. */
export interface Deps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly hasher: PasswordHasher;
  readonly signer: TokenSigner;
  readonly secretTokens: SecretTokens;
  readonly mailer: Mailer;
  readonly rateLimiter: RateLimiter;
  readonly settings: PlatformSettings;
  readonly kms: KeyManagement;
  /** Release uploads and published bundle files. */
  readonly blobs: BlobStore;
  readonly bundles: BundleExtractor;
  /** Custom domain verification. */
  readonly dns: DnsResolver;
  /** App end users' passwords in the workspace's identity directory (docs/adr/0004). */
  readonly appUserCredentials: AppUserCredentials;
  /** The code-execution service (supplement §13). */
  readonly codeRunner: CodeRunner;
  /** The LiteLLM-compatible model gateway (supplement §14). */
  readonly modelGateway: ModelGateway;
}
