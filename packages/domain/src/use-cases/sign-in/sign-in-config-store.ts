import { SYSTEM } from '../../audit/audit-event';
import { recordAudit } from '../../audit/record';
import type { IdGenerator } from '../../ports/ids.port';
import type { Repositories } from '../../ports/repositories.port';
import { defaultSignInConfig, type SignInConfig } from '../../sign-in/sign-in-config';
import { clearedHost, hostClaimExpired } from '../../sign-in/sign-in-host';

/** What the sign-in configuration routes answer: the record and the names it is shown with. */
export interface SignInConfigView {
  readonly config: SignInConfig;
  /** `from_display_name` of platform mail. */
  readonly organizationName: string;
  readonly workspaceName: string;
}

/** The stored configuration, or the default a workspace that never configured sign-in reads as. */
export async function loadSignInConfig(
  repos: Repositories,
  workspaceId: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<SignInConfig> {
  const stored = options.forUpdate
    ? await repos.signInConfigs.findForUpdate(workspaceId)
    : await repos.signInConfigs.find(workspaceId);
  return stored ?? defaultSignInConfig(workspaceId, now);
}

/**
 * Spec, Custom sign-in domain: a pending claim unverified after 14 days is
 * cleared. Done lazily, wherever the claim is read or checked: clears it
 * on `config` (locked by the caller), saves and records
 * `sign_in.host_claim_expired` by the system. True when it did.
 */
export async function clearExpiredHostClaim(
  tx: Repositories,
  deps: { ids: IdGenerator },
  config: SignInConfig,
  organizationId: string,
  now: Date,
): Promise<boolean> {
  if (!hostClaimExpired(config.host, now)) return false;
  const domain = config.host.customDomain;
  config.host = clearedHost();
  config.updatedAt = now;
  await tx.signInConfigs.save(config);
  await recordAudit(tx, deps, { actor: SYSTEM, ip: null }, now, {
    action: 'sign_in.host_claim_expired',
    organizationId,
    workspaceId: config.workspaceId,
    target: { type: 'workspace', id: config.workspaceId },
    details: { custom_domain: domain },
  });
  return true;
}
