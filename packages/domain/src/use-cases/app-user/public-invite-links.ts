import type { AppUser } from '../../app-user/app-user';
import { inviteLinkUnusable, publicInviteRateLimited } from '../../app-user/app-user.errors';
import type { AppUserLink } from '../../app-user/app-user-link';
import { linkRedeemable } from '../../app-user/app-user-link.machine';
import type { Repositories } from '../../ports/repositories.port';
import { addressBucket } from '../../shared/client-address';
import { Limits } from '../../shared/limits';
import type { SignInConfig } from '../../sign-in/sign-in-config';
import type { Workspace } from '../../workspace/workspace';
import type { Deps } from '../deps';

/**
 * Spec, Limits: the public invite routes answer 10 requests a minute per
 * client address (inspect and redeem together). Every request counts, a
 * malformed one too, so the HTTP adapter admits each before it reads the
 * body; inspect and redeem themselves do not count again.
 */
export class AdmitPublicInviteRequest {
  constructor(private readonly deps: Pick<Deps, 'rateLimiter'>) {}

  async execute(input: { ip: string | null }): Promise<void> {
    const decision = await this.deps.rateLimiter.hit({
      key: `invite-links-address:${addressBucket(input.ip)}`,
      ...Limits.publicInviteRoutesPerAddress,
    });
    if (!decision.allowed) throw publicInviteRateLimited(decision.retryAfterSeconds);
  }
}

/** A link that can be redeemed now, with what it belongs to. */
export interface RedeemableLink {
  readonly link: AppUserLink;
  readonly user: AppUser;
  readonly config: SignInConfig;
  readonly workspace: Workspace;
}

/** The link with this token hash if it can be redeemed now; 410 `link_unusable` for every other case alike. */
export async function requireRedeemableLink(
  repos: Repositories,
  tokenHash: string,
  now: Date,
  options: { readonly forUpdate?: boolean } = {},
): Promise<RedeemableLink> {
  const link = options.forUpdate
    ? await repos.appUserLinks.findByTokenHashForUpdate(tokenHash)
    : await repos.appUserLinks.findByTokenHash(tokenHash);
  if (!link) throw inviteLinkUnusable();
  const [user, config, workspace] = await Promise.all([
    options.forUpdate
      ? repos.appUsers.findByIdForUpdate(link.workspaceId, link.userId)
      : repos.appUsers.findById(link.workspaceId, link.userId),
    repos.signInConfigs.find(link.workspaceId),
    repos.workspaces.findById(link.workspaceId),
  ]);
  if (!workspace || !linkRedeemable(link, user, config, now) || !user || !config) throw inviteLinkUnusable();
  return { link, user, config, workspace };
}
