import type { AppEndpoint, CustomDomain, DomainStatus } from '@groundfloor/domain';
import type { AppEndpointRecord } from '../schemas/app-endpoint.schema';
import type { CustomDomainRecord } from '../schemas/custom-domain.schema';

export const CustomDomainMapper = {
  toRecord(d: CustomDomain): CustomDomainRecord {
    return {
      id: d.id,
      workspaceId: d.workspaceId,
      appId: d.appId,
      domain: d.domain,
      status: d.status,
      verificationToken: d.verificationToken,
      lastCheckedAt: d.lastCheckedAt,
      detail: d.detail,
      createdAt: d.createdAt,
    };
  },
  toDomain(r: CustomDomainRecord): CustomDomain {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      appId: r.appId,
      domain: r.domain,
      status: r.status as DomainStatus,
      verificationToken: r.verificationToken,
      lastCheckedAt: r.lastCheckedAt,
      detail: r.detail,
      createdAt: r.createdAt,
    };
  },
};

export const AppEndpointMapper = {
  toRecord(e: AppEndpoint): AppEndpointRecord {
    return { appId: e.appId, workspaceId: e.workspaceId, isPublic: e.public, updatedAt: e.updatedAt };
  },
  toDomain(r: AppEndpointRecord): AppEndpoint {
    return { appId: r.appId, workspaceId: r.workspaceId, public: r.isPublic, updatedAt: r.updatedAt };
  },
};
