import {
  Argon2PasswordHasher,
  BoundedPasswordHasher,
  HashedAppUserCredentials,
  HashingThreads,
  JwtTokenSigner,
  loadMasterKeyRing,
  NodeCryptoKeyManagement,
  NodeSecretTokens,
  RandomUuidIds,
} from '@groundfloor/crypto';
import {
  APP_USER_CREDENTIALS,
  type AppUserCredentials,
  CLOCK,
  type Clock,
  ID_GENERATOR,
  type IdGenerator,
  KEY_MANAGEMENT,
  type KeyManagement,
  PASSWORD_HASHER,
  type PasswordHasher,
  SECRET_TOKENS,
  type SecretTokens,
  SIGNING_KEY_STORE,
  type SigningKeyStore,
  TOKEN_SIGNER,
  type TokenSigner,
} from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG, HASHING_THREADS } from '../tokens';

/**
 * Password checks allowed to wait per hashing slot before the next one is
 * refused with 503: at about 50 ms a hash, some ten seconds of waiting, past
 * which an answer to retry is kinder than a request that may time out.
 */
const PASSWORD_HASHES_WAITING_PER_SLOT = 200;

/**
 * node:crypto envelope encryption is the default key management; an on-prem
 * install that needs the portable adapter binds ForgeKeyManagement here instead.
 */
export const cryptoModule = new ContainerModule(({ bind }) => {
  bind<Clock>(CLOCK).toConstantValue({ now: () => new Date() });
  bind<IdGenerator>(ID_GENERATOR).toConstantValue(new RandomUuidIds());
  bind<SecretTokens>(SECRET_TOKENS).toConstantValue(new NodeSecretTokens());
  // One thread per slot, by default at the lowest scheduling priority (docs/performance.md, "Sign-in").
  bind<HashingThreads>(HASHING_THREADS)
    .toResolvedValue(
      (config: Config) =>
        new HashingThreads(config.passwordHashConcurrency, { nice: config.passwordHashNice }),
      [CONFIG],
    )
    .inSingletonScope();
  bind<PasswordHasher>(PASSWORD_HASHER)
    .toResolvedValue(
      (config: Config, threads: HashingThreads) =>
        new BoundedPasswordHasher(new Argon2PasswordHasher(threads), {
          concurrency: config.passwordHashConcurrency,
          maxWaiting: PASSWORD_HASHES_WAITING_PER_SLOT * config.passwordHashConcurrency,
        }),
      [CONFIG, HASHING_THREADS],
    )
    .inSingletonScope();
  // App users' passwords in the built-in directory (docs/adr/0004): the same
  // bounded hasher, with a deadline on setting one (504 past it).
  bind<AppUserCredentials>(APP_USER_CREDENTIALS)
    .toResolvedValue(
      (config: Config, hasher: PasswordHasher) =>
        new HashedAppUserCredentials(hasher, { timeoutMs: config.appUserPasswordTimeoutMs }),
      [CONFIG, PASSWORD_HASHER],
    )
    .inSingletonScope();
  bind<KeyManagement>(KEY_MANAGEMENT)
    .toResolvedValue(
      (config: Config) =>
        new NodeCryptoKeyManagement(
          loadMasterKeyRing({
            masterKey: config.kmsMasterKey,
            previousKeys: config.kmsPreviousMasterKeys,
            dataDir: config.dataDir,
          }),
        ),
      [CONFIG],
    )
    .inSingletonScope();
  bind<TokenSigner>(TOKEN_SIGNER)
    .toResolvedValue(
      async (config: Config, store: SigningKeyStore, kms: KeyManagement, clock: Clock) => {
        const signer = new JwtTokenSigner({ store, kms, clock, issuer: config.publicBaseUrl });
        await signer.init();
        return signer;
      },
      [CONFIG, SIGNING_KEY_STORE, KEY_MANAGEMENT, CLOCK],
    )
    .inSingletonScope();
});
