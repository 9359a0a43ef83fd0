import type { Membership } from '../../membership/membership';
import { notFound } from '../../shared/domain-error';
import type { User } from '../../user/user';
import type { Deps } from '../deps';

/** The signed-in team member and every membership they hold or are invited to. */
export class GetMe {
  constructor(private readonly deps: Pick<Deps, 'uow'>) {}

  async execute(input: { userId: string }): Promise<{ user: User; memberships: Membership[] }> {
    const { read } = this.deps.uow;
    const [user, memberships] = await Promise.all([
      read.users.findById(input.userId),
      read.memberships.listForUser(input.userId),
    ]);
    if (!user) throw notFound('user_not_found', 'no such user');
    return { user, memberships };
  }
}

/** What the signed-in member may do beyond their memberships. */
export class GetCapabilities {
  constructor(private readonly deps: Pick<Deps, 'settings'>) {}

  execute(): { can_create_organization: boolean } {
    return { can_create_organization: this.deps.settings.organizationCreationEnabled };
  }
}
