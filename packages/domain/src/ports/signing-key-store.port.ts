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
  save(key: StoredSigningKey): Promise<void>;
  /** Every key, newest first. */
  list(): Promise<StoredSigningKey[]>;
}
export const SIGNING_KEY_STORE = Symbol.for('gf.signing-key-store');
