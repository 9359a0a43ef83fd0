import { Limits } from '../shared/limits';
import { platformSignInActive, type SignInConfig } from '../sign-in/sign-in-config';
import type { AppUser } from './app-user';
import { appUserCanSignIn } from './app-user';
import { inviteLinkUnusable } from './app-user.errors';
import type { AppUserLink, AppUserLinkKind } from './app-user-link';

/** Where a link stands on its own, before its user and workspace are looked at. */
export type LinkState = 'usable' | 'used' | 'cancelled' | 'expired';

export const linkState = (link: AppUserLink, now: Date): LinkState => {
  if (link.usedAt) return 'used';
  if (link.cancelledAt) return 'cancelled';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
};

/**
 * What ends a usable link (spec, States: App user, "invite link unused"
 * row, and supplement §15). Deleting the user deletes its links with it.
 */
export type LinkEvent =
  | 'redeemed'
  | 'newer_link_issued'
  | 'invite_link_deleted'
  | 'temporary_password_set'
  | 'password_set_otherwise'
  | 'time_passes';

export interface LinkTransition {
  readonly from: LinkState;
  readonly event: LinkEvent;
  readonly to: LinkState;
  /** The trigger as the spec's table names it. */
  readonly trigger: string;
}

/**
 * | from   | event                  | to        | spec trigger                                          |
 * |--------|------------------------|-----------|-------------------------------------------------------|
 * | usable | redeemed               | used      | redeem                                                |
 * | usable | newer_link_issued      | cancelled | POST invite-link again (one-time links), a newer email |
 * | usable | invite_link_deleted    | cancelled | DELETE invite-link                                    |
 * | usable | temporary_password_set | cancelled | temporary password set                                |
 * | usable | password_set_otherwise | cancelled | the user can sign in (add, another link redeemed)     |
 * | usable | time_passes            | expired   | 24 hours pass (72 for emailed links)                  |
 *
 * `used`, `cancelled` and `expired` are final: every event on them is 410.
 */
export const LINK_TRANSITIONS: readonly LinkTransition[] = [
  { from: 'usable', event: 'redeemed', to: 'used', trigger: 'redeem' },
  { from: 'usable', event: 'newer_link_issued', to: 'cancelled', trigger: 'POST invite-link again' },
  { from: 'usable', event: 'invite_link_deleted', to: 'cancelled', trigger: 'DELETE invite-link' },
  {
    from: 'usable',
    event: 'temporary_password_set',
    to: 'cancelled',
    trigger: 'temporary password set',
  },
  {
    from: 'usable',
    event: 'password_set_otherwise',
    to: 'cancelled',
    trigger: 'the user can sign in',
  },
  { from: 'usable', event: 'time_passes', to: 'expired', trigger: '24 hours pass' },
];

/** The state after `event`, or 410 `link_unusable` when the link cannot take it. */
export function nextLinkState(from: LinkState, event: LinkEvent): LinkState {
  const row = LINK_TRANSITIONS.find((t) => t.from === from && t.event === event);
  if (!row) throw inviteLinkUnusable();
  return row.to;
}

/**
 * Which of a user's links each event cancels. Emailed invitation links and
 * one-time invite links are independent (supplement §15): a new one of one
 * kind cancels only the older ones of that kind. Once the user can sign in,
 * every link of theirs is unusable.
 */
export const LINKS_CANCELLED_BY: Readonly<
  Record<
    'invitation_sent' | 'invite_link_created' | 'invite_link_deleted' | 'reset_sent' | 'password_set',
    readonly AppUserLinkKind[]
  >
> = {
  invitation_sent: ['invitation'],
  invite_link_created: ['one_time'],
  invite_link_deleted: ['one_time'],
  reset_sent: ['reset'],
  password_set: ['invitation', 'one_time', 'reset'],
};

/** How long a link of each kind lasts (spec, Limits). */
export const LINK_LIFETIME_SECONDS: Readonly<Record<AppUserLinkKind, number>> = {
  invitation: Limits.invitationLinkSeconds,
  one_time: Limits.inviteLinkSeconds,
  reset: Limits.invitationLinkSeconds,
};

/**
 * Whether the link can be redeemed now (spec, Public invite routes: 410 for
 * an unknown, expired, used or cancelled link, or one whose workspace or
 * user cannot take it): the link is usable, its user exists and is enabled,
 * the workspace's platform sign-in is active, and an invitation or one-time
 * link's user cannot sign in yet (a reset link is for someone who can).
 */
export function linkRedeemable(
  link: AppUserLink | null,
  user: AppUser | null,
  config: SignInConfig | null,
  now: Date,
): link is AppUserLink {
  if (!link || linkState(link, now) !== 'usable') return false;
  if (!user?.enabled || !platformSignInActive(config)) return false;
  return link.kind === 'reset' || !appUserCanSignIn(user);
}
