import {
  type AppUserCredentials,
  type PasswordHasher,
  passwordNotSaved,
  passwordSaveTimedOut,
} from '@groundfloor/domain';

/**
 * The built-in directory's credentials on a fake hasher, with the failures
 * of a slow or broken directory on demand: `failNext('timeout')` makes the
 * next `setPassword` time out (504), `failNext('unavailable')` fail (502).
 */
export class FakeAppUserCredentials implements AppUserCredentials {
  private failure: 'timeout' | 'unavailable' | null = null;
  /** The passwords set, in order (for tests that check a generated one). */
  readonly set: string[] = [];

  constructor(private readonly hasher: PasswordHasher) {}

  failNext(kind: 'timeout' | 'unavailable'): void {
    this.failure = kind;
  }

  async setPassword(
    _user: { workspaceId: string; id: string },
    password: string,
    _options: { temporary: boolean },
  ): Promise<string> {
    const failure = this.failure;
    this.failure = null;
    if (failure === 'timeout') throw passwordSaveTimedOut();
    if (failure === 'unavailable') throw passwordNotSaved();
    this.set.push(password);
    return this.hasher.hash(password);
  }

  async verifyPassword(credential: string | null, password: string): Promise<boolean> {
    const matches = await this.hasher.verify(credential ?? 'no-credential', password);
    return credential !== null && matches;
  }
}
