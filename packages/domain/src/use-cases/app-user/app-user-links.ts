import type { AppUser } from '../../app-user/app-user';
import type { AppUserLink, AppUserLinkKind } from '../../app-user/app-user-link';
import { LINK_LIFETIME_SECONDS } from '../../app-user/app-user-link.machine';
import type { Repositories } from '../../ports/repositories.port';
import type { SignInConfig } from '../../sign-in/sign-in-config';
import { appUserLinkUrl } from '../../sign-in/sign-in-url';
import type { Deps } from '../deps';

export interface IssuedAppUserLink {
  /** Holds the token after `#token=`: returned or emailed once, never stored or logged. */
  readonly url: string;
  readonly expiresAt: Date;
}

/**
 * A new link for the user, inside the caller's transaction: first cancels
 * the user's unused links of the kinds `cancels` names, then stores only
 * the new token's hash.
 */
export async function issueAppUserLink(
  deps: Pick<Deps, 'ids' | 'secretTokens' | 'settings'>,
  tx: Repositories,
  args: {
    readonly user: AppUser;
    readonly config: SignInConfig | null;
    readonly kind: AppUserLinkKind;
    readonly cancels: readonly AppUserLinkKind[];
    readonly appId: string | null;
    readonly now: Date;
  },
): Promise<IssuedAppUserLink> {
  const { user, kind, now } = args;
  if (args.cancels.length > 0)
    await tx.appUserLinks.cancelActive(user.workspaceId, user.id, args.cancels, now);
  const token = deps.secretTokens.generate();
  const link: AppUserLink = {
    id: deps.ids.next(),
    workspaceId: user.workspaceId,
    userId: user.id,
    kind,
    tokenHash: deps.secretTokens.hash(token),
    appId: args.appId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_SECONDS[kind] * 1000),
    usedAt: null,
    cancelledAt: null,
  };
  await tx.appUserLinks.save(link);
  return {
    url: appUserLinkUrl(deps.settings.publicBaseUrl, user.workspaceId, args.config, kind, token),
    expiresAt: link.expiresAt,
  };
}
