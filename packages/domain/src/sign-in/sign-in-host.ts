import { Limits } from '../shared/limits';
import type { SignInHost } from './sign-in-config';
import { noHost } from './sign-in-config';

/** Spec, Custom sign-in domain: a pending claim unverified 14 days after it was made (or renewed) is cleared. */
export function hostClaimExpired(host: SignInHost, now: Date): boolean {
  return (
    host.customDomain !== null &&
    host.customDomainStatus === 'pending' &&
    host.claimedAt !== null &&
    now.getTime() - host.claimedAt.getTime() >= Limits.signInHostClaimSeconds * 1000
  );
}

/** When a pending claim will be cleared; null when nothing is pending. */
export function hostClaimExpiresAt(host: SignInHost): Date | null {
  if (host.customDomainStatus !== 'pending' || host.claimedAt === null) return null;
  return new Date(host.claimedAt.getTime() + Limits.signInHostClaimSeconds * 1000);
}

/** A new claim: pending, with a fresh token, the 14-day clock starting now. */
export function claimedHost(domain: string, token: string, now: Date): SignInHost {
  return {
    customDomain: domain,
    customDomainStatus: 'pending',
    verificationToken: token,
    claimedAt: now,
    verifiedAt: null,
  };
}

/** POST verification: a new token and a restarted clock; still pending. */
export function renewedClaim(host: SignInHost, token: string, now: Date): SignInHost {
  return {
    ...host,
    customDomainStatus: 'pending',
    verificationToken: token,
    claimedAt: now,
    verifiedAt: null,
  };
}

export const clearedHost = noHost;

/** The TXT record that proves the claim (supplement §8, as for app custom domains). */
export function hostVerificationRecord(host: SignInHost): { name: string; value: string } | null {
  if (host.customDomain === null || host.verificationToken === null) return null;
  return { name: `_svc-verify.${host.customDomain}`, value: `svc-verify=${host.verificationToken}` };
}
