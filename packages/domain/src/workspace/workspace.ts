import type { Organization } from '../organization/organization';
import { forbidden } from '../shared/domain-error';

export type WorkspaceStatus = 'active' | 'frozen';

export interface Workspace {
  readonly id: string;
  readonly organizationId: string;
  name: string;
  status: WorkspaceStatus;
  readonly createdAt: Date;
}

/**
 * Refuses a change on a frozen workspace or a suspended organization
 * (whose workspaces all count as frozen). Suspension is named first because
 * it is the cause the operator has to lift.
 */
export function requireNotFrozen(organization: Organization, workspace?: Workspace): void {
  if (organization.status === 'suspended') {
    throw forbidden('organization_suspended', 'the organization is suspended');
  }
  if (workspace && workspace.status === 'frozen') {
    throw forbidden('workspace_frozen', 'the workspace is frozen');
  }
}
