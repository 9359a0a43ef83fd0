import type { AppAction, CollectionAction, FilesAction, SiteGrant } from '@groundfloor/domain';
import type { SiteRoleGrantRecord } from '../schemas/site-role-grant.schema';

export const SiteRoleGrantMapper = {
  toRecord(workspaceId: string, g: SiteGrant): SiteRoleGrantRecord {
    const resourceId = g.resource === 'collection' ? g.collection : g.resource === 'app' ? g.appId : '';
    return { workspaceId, resource: g.resource, resourceId, role: g.role, action: g.action };
  },
  toDomain(r: SiteRoleGrantRecord): SiteGrant {
    if (r.resource === 'collection') {
      return {
        resource: 'collection',
        role: r.role,
        collection: r.resourceId,
        action: r.action as CollectionAction,
      };
    }
    if (r.resource === 'app') {
      return { resource: 'app', role: r.role, appId: r.resourceId, action: r.action as AppAction };
    }
    return { resource: 'files', role: r.role, action: r.action as FilesAction };
  },
};
