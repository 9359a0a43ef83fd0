import type {
  CustomDomainStatus,
  CustomMailPort,
  SealedValue,
  SignInConfig,
  SignInMail,
  SignInMode,
} from '@groundfloor/domain';
import type { SignInConfigRecord } from '../schemas/sign-in-config.schema';

const sealedCopy = (s: SealedValue): SealedValue => ({
  keyId: s.keyId,
  wrappedKey: s.wrappedKey,
  iv: s.iv,
  ciphertext: s.ciphertext,
  tag: s.tag,
});

function mailToRecord(mail: SignInMail): string {
  if (mail.mode === 'platform') return JSON.stringify({ mode: 'platform' });
  return JSON.stringify({
    mode: 'custom',
    fromDisplayName: mail.fromDisplayName,
    fromEmail: mail.fromEmail,
    host: mail.host,
    port: mail.port,
    username: mail.username,
    password: mail.password ? sealedCopy(mail.password) : null,
    ssl: mail.ssl,
    starttls: mail.starttls,
  });
}

interface StoredCustomMail {
  mode: 'custom';
  fromDisplayName?: string | null;
  fromEmail: string;
  host: string;
  port: CustomMailPort;
  username?: string | null;
  password?: SealedValue | null;
  ssl?: boolean;
  starttls?: boolean;
}

function mailToDomain(json: string): SignInMail {
  const raw = JSON.parse(json) as { mode?: string };
  if (raw.mode !== 'custom') return { mode: 'platform' };
  const r = raw as StoredCustomMail;
  return {
    mode: 'custom',
    fromDisplayName: r.fromDisplayName ?? null,
    fromEmail: r.fromEmail,
    host: r.host,
    port: r.port,
    username: r.username ?? null,
    password: r.password ? sealedCopy(r.password) : null,
    ssl: r.ssl === true,
    starttls: r.starttls === true,
  };
}

export const SignInConfigMapper = {
  toRecord(c: SignInConfig): SignInConfigRecord {
    return {
      workspaceId: c.workspaceId,
      mode: c.mode,
      platformStatus: c.platform?.status ?? null,
      platformRealm: c.platform?.realm ?? null,
      platformIssuer: c.platform?.issuer ?? null,
      platformCreatedAt: c.platform?.createdAt ?? null,
      platformDisabledAt: c.platform?.disabledAt ?? null,
      externalJson: c.external === null ? null : JSON.stringify(c.external),
      multiTenantEnabled: c.multiTenant.enabled,
      hostCustomDomain: c.host.customDomain,
      hostCustomDomainStatus: c.host.customDomainStatus,
      hostVerificationToken: c.host.verificationToken,
      hostClaimedAt: c.host.claimedAt,
      hostVerifiedAt: c.host.verifiedAt,
      brandingJson: c.branding === null ? null : JSON.stringify(c.branding),
      mailJson: mailToRecord(c.mail),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    };
  },
  toDomain(r: SignInConfigRecord): SignInConfig {
    return {
      workspaceId: r.workspaceId,
      mode: r.mode as SignInMode,
      platform:
        r.platformStatus && r.platformRealm && r.platformIssuer && r.platformCreatedAt
          ? {
              status: r.platformStatus as 'active' | 'disabled',
              realm: r.platformRealm,
              issuer: r.platformIssuer,
              createdAt: r.platformCreatedAt,
              disabledAt: r.platformDisabledAt,
            }
          : null,
      external: r.externalJson === null ? null : (JSON.parse(r.externalJson) as Record<string, unknown>),
      multiTenant: { enabled: r.multiTenantEnabled },
      host: {
        customDomain: r.hostCustomDomain,
        customDomainStatus: r.hostCustomDomainStatus as CustomDomainStatus | null,
        verificationToken: r.hostVerificationToken,
        claimedAt: r.hostClaimedAt,
        verifiedAt: r.hostVerifiedAt,
      },
      branding: r.brandingJson === null ? null : (JSON.parse(r.brandingJson) as Record<string, unknown>),
      mail: mailToDomain(r.mailJson),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  },
};
