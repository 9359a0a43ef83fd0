import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Membership, MembershipStatus } from '../../membership/membership';
import type { Organization, PlanTier } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import type { Deps } from '../deps';

/** Writes a new organization and its first owner's membership, with their audit events. */
export async function createOrganizationWithOwner(
  deps: Pick<Deps, 'ids'>,
  tx: Repositories,
  context: RequestContext,
  now: Date,
  args: { name: string; planTier: PlanTier; ownerUserId: string; ownerStatus: MembershipStatus },
): Promise<{ organization: Organization; membership: Membership }> {
  const organization: Organization = {
    id: deps.ids.next(),
    name: args.name,
    planTier: args.planTier,
    status: 'active',
    limitOverrides: {},
    createdAt: now,
  };
  await tx.organizations.save(organization);
  const membership: Membership = {
    id: deps.ids.next(),
    userId: args.ownerUserId,
    scopeType: 'account',
    scopeId: organization.id,
    role: 'owner',
    status: args.ownerStatus,
    createdAt: now,
    expiresAt: null,
    invitedByUserId: context.actor.kind === 'user' ? context.actor.id : null,
  };
  await tx.memberships.save(membership);
  await recordAudit(tx, deps, context, now, {
    action: 'organization.created',
    organizationId: organization.id,
    target: { type: 'organization', id: organization.id },
    details: { name: organization.name, plan_tier: organization.planTier },
  });
  await recordAudit(tx, deps, context, now, {
    action: 'membership.created',
    organizationId: organization.id,
    target: { type: 'membership', id: membership.id },
    details: {
      user_id: membership.userId,
      role: membership.role,
      status: membership.status,
      scope_type: 'account',
    },
  });
  return { organization, membership };
}
