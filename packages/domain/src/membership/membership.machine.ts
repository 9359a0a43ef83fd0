import { conflict, type DomainError } from '../shared/domain-error';
import type { MembershipStatus } from './membership';
import { invitationNotFound, membershipNotAccepted, membershipNotFound } from './membership.errors';

/** `none` is "no row yet", `deleted` is "row gone"; the stored statuses are `pending` and `accepted`. */
export type MembershipState = 'none' | 'pending' | 'accepted' | 'deleted';

export type MembershipTrigger =
  /**
   * POST members, `email` only, and nobody can sign in with the email yet:
   * it is new (a login is created) or its login never set a password.
   */
  | 'invite'
  /** POST members: a user who can sign in by email, email + password, or `user_id`. */
  | 'add'
  | 'accept'
  | 'reject'
  | 'change_role'
  | 'delete';

export interface MembershipTransition {
  readonly from: MembershipState;
  readonly trigger: MembershipTrigger;
  readonly to: MembershipState;
}

/** The spec's Membership state table, row for row. */
export const MEMBERSHIP_TRANSITIONS: readonly MembershipTransition[] = [
  { from: 'none', trigger: 'add', to: 'accepted' },
  { from: 'none', trigger: 'invite', to: 'pending' },
  { from: 'pending', trigger: 'accept', to: 'accepted' },
  { from: 'pending', trigger: 'reject', to: 'deleted' },
  { from: 'accepted', trigger: 'change_role', to: 'accepted' },
  { from: 'accepted', trigger: 'delete', to: 'deleted' },
  { from: 'pending', trigger: 'delete', to: 'deleted' },
];

/** What a trigger answers from a state that has no row for it. */
const REFUSALS: Readonly<Record<MembershipTrigger, () => DomainError>> = {
  // Only from `none`: the add use case answers an existing row first (200 same role, 409 another).
  add: () => conflict('duplicate', 'the user already has a membership on this scope'),
  invite: () => conflict('duplicate', 'the user already has a membership on this scope'),
  // Spec: accept or reject of an invitation that is not pending is 404.
  accept: invitationNotFound,
  reject: invitationNotFound,
  change_role: () =>
    membershipNotAccepted('only an accepted membership changes role; delete the invitation and invite again'),
  delete: membershipNotFound,
};

/** The next state, or the trigger's typed refusal when the table has no such row. */
export function nextMembershipState(from: MembershipState, trigger: MembershipTrigger): MembershipState {
  const row = MEMBERSHIP_TRANSITIONS.find((t) => t.from === from && t.trigger === trigger);
  if (!row) throw REFUSALS[trigger]();
  return row.to;
}

/** The stored status a transition that keeps the row leads to (create, accept, role change). */
export function statusAfter(from: MembershipState, trigger: MembershipTrigger): MembershipStatus {
  const to = nextMembershipState(from, trigger);
  if (to !== 'pending' && to !== 'accepted') throw new Error(`'${trigger}' from '${from}' removes the row`);
  return to;
}
