import { hostOfUrl, isSameOrSubdomain } from '../../custom-domain/hostname';
import type { IdGenerator } from '../../ports/ids.port';
import type { Repositories } from '../../ports/repositories.port';
import type { PlatformSettings } from '../../shared/settings';
import { signInHostCollides, signInHostTaken } from '../../sign-in/sign-in.errors';
import type { SignInConfig } from '../../sign-in/sign-in-config';
import { clearExpiredHostClaim } from './sign-in-config-store';

/**
 * Whether `workspaceId` may claim `hostname` as its custom sign-in host:
 * not a host of the platform or a name under one, not an app's custom
 * domain (409 `sign_in_host_collides`), and not claimed by another
 * workspace (409 `sign_in_host_taken`), unless that claim has expired,
 * in which case it is cleared now. The unique index still decides a race
 * between two workspaces (`save` raises `duplicate`).
 */
export async function requireClaimableHost(
  tx: Repositories,
  deps: { ids: IdGenerator; settings: Pick<PlatformSettings, 'publicBaseUrl' | 'customDomainTarget'> },
  workspaceId: string,
  hostname: string,
  now: Date,
): Promise<void> {
  const platformHosts = [hostOfUrl(deps.settings.publicBaseUrl), deps.settings.customDomainTarget];
  if (platformHosts.some((host) => isSameOrSubdomain(hostname, host))) throw signInHostCollides();
  // An app domain added at the same moment must see this claim, or this claim that domain.
  await tx.brandedHosts.lockHostname(hostname);
  if (await tx.customDomains.findByDomain(hostname)) throw signInHostCollides();
  const holder = await tx.signInConfigs.findByClaimedHost(hostname);
  if (!holder || holder.workspaceId === workspaceId) return;
  const locked: SignInConfig | null = await tx.signInConfigs.findForUpdate(holder.workspaceId);
  if (!locked || locked.host.customDomain !== hostname) return;
  const workspace = await tx.workspaces.findById(locked.workspaceId);
  if (!(await clearExpiredHostClaim(tx, deps, locked, workspace?.organizationId ?? '', now)))
    throw signInHostTaken();
}
