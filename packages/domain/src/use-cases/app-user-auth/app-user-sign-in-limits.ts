import { addressBucket } from '../../shared/client-address';
import { Limits } from '../../shared/limits';
import type { SignInLimit } from '../auth/sign-in-limits';

const minutes = (seconds: number) => `${seconds / 60} minutes`;

/*
 * Failed app-user sign-ins (supplement §15: 10 failures for one user in 10
 * minutes is 429), counted like team sign-ins: an attempt reserves a hit in
 * each before its password is checked and gives them back when it succeeds.
 * Their own keys: an app user and a team member with the same email are
 * different people in different directories.
 */
export const appUserSignInLimits = {
  perUser: (workspaceId: string, normalizedEmail: string): SignInLimit => ({
    key: `app-signin:${workspaceId}:${normalizedEmail}`,
    ...Limits.signInFailures,
    name: `${Limits.signInFailures.limit} failed sign-ins for this user in ${minutes(Limits.signInFailures.windowSeconds)}`,
  }),
  perAddress: (ip: string | null): SignInLimit => ({
    key: `app-signin-address:${addressBucket(ip)}`,
    ...Limits.signInFailuresPerAddress,
    name: `${Limits.signInFailuresPerAddress.limit} failed app-user sign-ins from this address in ${minutes(Limits.signInFailuresPerAddress.windowSeconds)}`,
  }),
};
