import type { SsoConnection, SsoProtocol } from '@groundfloor/domain';
import type { SsoConnectionRecord } from '../schemas/sso-connection.schema';

export const SsoConnectionMapper = {
  toRecord(c: SsoConnection): SsoConnectionRecord {
    return {
      id: c.id,
      workspaceId: c.workspaceId,
      protocol: c.protocol,
      name: c.name,
      enabled: c.enabled,
      settingsJson: JSON.stringify(c.settings),
      clientSecret: c.clientSecret ? { ...c.clientSecret } : null,
      organizationId: c.organizationId,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    };
  },
  toDomain(r: SsoConnectionRecord): SsoConnection {
    const secret = r.clientSecret;
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      protocol: r.protocol as SsoProtocol,
      name: r.name,
      enabled: r.enabled,
      settings: JSON.parse(r.settingsJson) as Record<string, unknown>,
      clientSecret: secret
        ? {
            keyId: secret.keyId,
            wrappedKey: secret.wrappedKey,
            iv: secret.iv,
            ciphertext: secret.ciphertext,
            tag: secret.tag,
          }
        : null,
      organizationId: r.organizationId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  },
};
