/**
 * Supplement §8: `pending` (the TXT record is not there yet), `verifying`
 * (a check is running), `verified` (the TXT record matches), `active` (it
 * matches and the domain points at `cname_target`), `error` (a lookup
 * itself failed).
 */
export const DOMAIN_STATUSES = ['pending', 'verifying', 'verified', 'active', 'error'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A custom domain of a standalone (or legacy coderunner) app; its traffic goes to the app's primary workload. */
export interface CustomDomain {
  readonly id: string;
  readonly workspaceId: string;
  readonly appId: string;
  /** Lowercase ASCII (punycode for IDN); unique across the platform. */
  readonly domain: string;
  status: DomainStatus;
  /** Published by the customer in DNS, so not a secret; proves who controls the domain. */
  readonly verificationToken: string;
  lastCheckedAt: Date | null;
  /** What the last check found, for people. */
  detail: string | null;
  readonly createdAt: Date;
}

/** Whether ownership is proven (the `verified` of the verify answer). */
export const isVerified = (status: DomainStatus): boolean => status === 'verified' || status === 'active';

/** The TXT record that proves ownership of `domain` (supplement §8). */
export interface VerificationRecord {
  readonly type: 'TXT';
  readonly name: string;
  readonly value: string;
}

export function verificationRecordOf(
  domain: Pick<CustomDomain, 'domain' | 'verificationToken'>,
): VerificationRecord {
  return {
    type: 'TXT',
    name: `_svc-verify.${domain.domain}`,
    value: `svc-verify=${domain.verificationToken}`,
  };
}
