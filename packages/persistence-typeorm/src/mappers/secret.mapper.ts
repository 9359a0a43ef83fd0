import type { Secret } from '@groundfloor/domain';
import type { SecretRecord } from '../schemas/secret.schema';

export const SecretMapper = {
  toRecord(s: Secret): SecretRecord {
    return {
      id: s.id,
      workspaceId: s.workspaceId,
      environmentId: s.environmentId,
      key: s.key,
      description: s.description,
      sealed: { ...s.sealed },
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    };
  },
  toDomain(r: SecretRecord): Secret {
    const { keyId, wrappedKey, iv, ciphertext, tag } = r.sealed;
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      environmentId: r.environmentId,
      key: r.key,
      description: r.description,
      sealed: { keyId, wrappedKey, iv, ciphertext, tag },
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  },
};
