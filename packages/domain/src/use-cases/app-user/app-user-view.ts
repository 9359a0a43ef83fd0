import type { AppUser } from '../../app-user/app-user';
import type { Repositories } from '../../ports/repositories.port';

/** An app user as the routes answer it: the record and the expiry of their unused invite link. */
export interface AppUserView {
  readonly user: AppUser;
  /** The latest expiry among the user's usable invitation and one-time links; null when none is usable. */
  readonly inviteLinkExpiresAt: Date | null;
}

/** Views of these users, in their order, with one query for their links. */
export async function appUserViews(
  repos: Repositories,
  workspaceId: string,
  users: readonly AppUser[],
  now: Date,
): Promise<AppUserView[]> {
  if (users.length === 0) return [];
  const expiries = await repos.appUserLinks.usableUntil(
    workspaceId,
    users.map((u) => u.id),
    ['invitation', 'one_time'],
    now,
  );
  return users.map((user) => ({ user, inviteLinkExpiresAt: expiries.get(user.id) ?? null }));
}

export async function appUserView(repos: Repositories, user: AppUser, now: Date): Promise<AppUserView> {
  const [view] = await appUserViews(repos, user.workspaceId, [user], now);
  return view as AppUserView;
}
