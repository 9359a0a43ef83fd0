import type { StoredSigningKey } from '@groundfloor/domain';
import type { SigningKeyRecord } from '../schemas/signing-key.schema';

export const SigningKeyMapper = {
  toRecord(k: StoredSigningKey): SigningKeyRecord {
    return {
      kid: k.kid,
      algorithm: k.algorithm,
      privateKey: k.privateKey,
      publicJwk: k.publicJwk,
      createdAt: k.createdAt,
      retiredAt: k.retiredAt,
    };
  },
  toDomain(r: SigningKeyRecord): StoredSigningKey {
    return {
      kid: r.kid,
      algorithm: r.algorithm as StoredSigningKey['algorithm'],
      privateKey: r.privateKey,
      publicJwk: r.publicJwk as Record<string, unknown>,
      createdAt: r.createdAt,
      retiredAt: r.retiredAt,
    };
  },
};
