import type { PasswordHasher } from '@groundfloor/domain';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { HashingThreadStopped, type HashingThreads } from './hashing-threads';

/** OWASP Password Storage Cheat Sheet, argon2id option 2 (19 MiB, 2 passes, 1 lane). */
export const ARGON2_OPTIONS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2id through `@node-rs/argon2` (the RustCrypto implementation), which
 * hashes on the libuv threadpool so a sign-in never stalls the event loop.
 * It checks a hash in well under half the CPU time of the `argon2` package
 * at the same parameters (docs/performance.md, "Sign-in"), and reads the
 * PHC strings that package wrote, whatever their parameter order. Given
 * `threads`, it hashes there instead, at the lowest scheduling priority.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly threads?: HashingThreads) {}

  async hash(password: string): Promise<string> {
    return this.threads ? this.threads.hash(password, ARGON2_OPTIONS) : hash(password, ARGON2_OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await (this.threads
        ? this.threads.verify(passwordHash, password)
        : verify(passwordHash, password));
    } catch (error) {
      // A thread that stopped is a failure of ours, not an answer about the password.
      if (error instanceof HashingThreadStopped) throw error;
      // The port promises false for an unparseable hash: a corrupt row must
      // read as "wrong password", not as a 500 that tells the two apart.
      return false;
    }
  }
}
