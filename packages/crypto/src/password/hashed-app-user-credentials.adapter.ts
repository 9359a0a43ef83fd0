import {
  type AppUserCredentials,
  DomainError,
  type PasswordHasher,
  passwordNotSaved,
  passwordSaveTimedOut,
} from '@groundfloor/domain';

/**
 * Checked against when a user has no password yet (unknown, pending), so that
 * a wrong email and a wrong password take about the same time (argon2id of a
 * random password, the parameters of real hashes).
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0mEU8bJ1WCRVh1CZ9vhFvEo2Zf4Pr0Bjv0c3e6bnQvY';

export interface HashedAppUserCredentialsOptions {
  /** How long setting a password may take, waiting for a hashing slot included; past it: 504. */
  readonly timeoutMs: number;
}

/**
 * The built-in directory's credentials: a memory-hard hash that the caller
 * keeps on the AppUser record. Setting one is bounded in time, as a call to
 * an external directory would be: past `timeoutMs` the caller gets 504
 * `password_save_timeout` (the hash may still finish, but nothing stores
 * it); a hasher that fails is 502 `password_not_saved`. A busy hasher's own
 * refusal (503 `password_hashing_busy`) passes through.
 */
export class HashedAppUserCredentials implements AppUserCredentials {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly options: HashedAppUserCredentialsOptions,
  ) {}

  async setPassword(
    _user: { workspaceId: string; id: string },
    password: string,
    _options: { temporary: boolean },
  ): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(passwordSaveTimedOut()), this.options.timeoutMs);
    });
    const hashing = this.hasher.hash(password);
    // A hash that finishes (or fails) after the deadline is dropped quietly.
    hashing.catch(() => undefined);
    try {
      return await Promise.race([hashing, deadline]);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw passwordNotSaved();
    } finally {
      clearTimeout(timer);
    }
  }

  async verifyPassword(credential: string | null, password: string): Promise<boolean> {
    const matches = await this.hasher.verify(credential ?? DUMMY_HASH, password);
    return credential !== null && matches;
  }
}
