import type { AppUserPrincipal } from './app-user-principal';
import type { M2mPrincipal } from './m2m-principal';
import type { TeamPrincipal } from './team-principal';
import type { WorkloadPrincipal } from './workload-principal';

/** The kinds of caller the API knows (supplement §3). Each route names the kinds it accepts. */
export type CallerKind = 'team' | 'm2m' | 'workload' | 'app_user';

/** Who is calling. */
export type Principal = TeamPrincipal | M2mPrincipal | WorkloadPrincipal | AppUserPrincipal;

/**
 * Recognises one kind of token. Returns null when the token is not of its
 * kind (another authenticator may claim it); throws 401 when it is of its
 * kind but no longer valid (session ended, client deleted).
 */
export interface CallerAuthenticator {
  authenticate(token: string): Promise<Principal | null>;
}
