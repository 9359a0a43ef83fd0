import { authorizeOrganization } from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import type { Organization } from '../../organization/organization';
import { forbidden, notFound } from '../../shared/domain-error';
import { requireName } from '../../shared/text';
import type { Deps } from '../deps';
import { createOrganizationWithOwner } from './create-organization';

/** Self-service creation; the caller becomes owner. Off unless ORG_CREATION_ENABLED. */
export class CreateOrganization {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>) {}

  async execute(input: { userId: string; name: string; context: RequestContext }): Promise<Organization> {
    if (!this.deps.settings.organizationCreationEnabled) {
      throw forbidden(
        'organization_creation_disabled',
        'creating organizations is not enabled on this platform',
      );
    }
    const name = requireName(input.name);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const user = await tx.users.findById(input.userId);
      if (!user) throw notFound('user_not_found', 'no such user');
      const { organization } = await createOrganizationWithOwner(this.deps, tx, input.context, now, {
        name,
        planTier: 'free',
        ownerUserId: user.id,
        ownerStatus: 'accepted',
      });
      return organization;
    });
  }
}

/** Organizations where the caller holds an accepted role. */
export class ListMyOrganizations {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  execute(input: { userId: string }): Promise<Organization[]> {
    return this.deps.uow.read.organizations.listForUser(input.userId, this.deps.clock.now());
  }
}

export class GetOrganization {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; organizationId: string }): Promise<Organization> {
    const { organization } = await authorizeOrganization(
      this.deps.uow.read,
      input.userId,
      input.organizationId,
      'read',
      this.deps.clock.now(),
    );
    return organization;
  }
}
