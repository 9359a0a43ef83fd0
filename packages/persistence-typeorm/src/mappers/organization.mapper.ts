import type { Organization, OrganizationStatus, PlanTier } from '@groundfloor/domain';
import type { OrganizationRecord } from '../schemas/organization.schema';

export const OrganizationMapper = {
  toRecord(o: Organization): OrganizationRecord {
    return {
      id: o.id,
      name: o.name,
      planTier: o.planTier,
      status: o.status,
      limitOverrides: o.limitOverrides,
      createdAt: o.createdAt,
    };
  },
  toDomain(r: OrganizationRecord): Organization {
    return {
      id: r.id,
      name: r.name,
      planTier: r.planTier as PlanTier,
      status: r.status as OrganizationStatus,
      limitOverrides: r.limitOverrides ?? {},
      createdAt: r.createdAt,
    };
  },
};
