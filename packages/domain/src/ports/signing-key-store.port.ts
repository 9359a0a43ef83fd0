import type { SealedValue } from './key-management.port';

/** A token-signing key pair; the private half is stored sealed under the master key. */
export interface StoredSigningKey {
  readonly kid: string;
  readonly algorithm: 'RS256';
  readonly privateKey: SealedValue;
  readonly publicJwk: Record<string, unknown>;
  readonly createdAt: Date;
  /** Set when another key became current; retired keys still verify for a while. */
  retiredAt: Date | null;
}

export interface SigningKeyStore {
  /** Inserts or updates by kid (a re-wrap under a new master key, a retirement). */
  save(key: StoredSigningKey): Promise<void>;
  /**
   * Compare-and-set: makes `next` the current key, and retires the current
   * one at `next.createdAt`, only if the current key is still `expectedKid`
   * (null: there is no current key yet). One atomic step across every process
   * sharing the store, so two replicas rotating at once publish one current
   * key. False when another process changed the current key first; nothing
   * is written then.
   */
  replaceCurrent(next: StoredSigningKey, expectedKid: string | null): Promise<boolean>;
  /** Every key, newest first. */
  list(): Promise<StoredSigningKey[]>;
}
export const SIGNING_KEY_STORE = Symbol.for('gf.signing-key-store');
