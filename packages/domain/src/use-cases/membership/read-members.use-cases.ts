import { authorizeScope, authorizeScopeOf } from '../../access/scope-access';
import type { Membership } from '../../membership/membership';
import { membershipNotFound } from '../../membership/membership.errors';
import type { ScopeType } from '../../roles/role';
import { Limits } from '../../shared/limits';
import type { User } from '../../user/user';
import type { Deps } from '../deps';

/** A membership with the member's user record, for the spec's Membership resource. */
export interface Member {
  readonly membership: Membership;
  readonly user: User;
}

/**
 * GET members (read on the scope): at most 200, oldest first, without the
 * legacy rows of app users.
 */
export class ListMembers {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; scopeType: ScopeType; scopeId: string }): Promise<Member[]> {
    const { read } = this.deps.uow;
    await authorizeScope(read, input.userId, input.scopeType, input.scopeId, 'read', this.deps.clock.now());
    const memberships = await read.memberships.listTeamMembersOfScope(
      input.scopeType,
      input.scopeId,
      Limits.membersListed,
    );
    const users = new Map(
      (await read.users.findByIds([...new Set(memberships.map((m) => m.userId))])).map((u) => [u.id, u]),
    );
    return memberships.flatMap((membership) => {
      const user = users.get(membership.userId);
      return user ? [{ membership, user }] : [];
    });
  }
}

/** GET one membership with the member's profile (manage_members on its scope). */
export class GetMembership {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; membershipId: string }): Promise<Member> {
    const { read } = this.deps.uow;
    const membership = await read.memberships.findById(input.membershipId);
    if (!membership) throw membershipNotFound();
    await authorizeScopeOf(read, input.userId, membership, 'manage_members', this.deps.clock.now());
    const user = await read.users.findById(membership.userId);
    if (!user) throw membershipNotFound();
    return { membership, user };
  }
}
