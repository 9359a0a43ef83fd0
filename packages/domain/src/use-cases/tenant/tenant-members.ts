import type { AppUser } from '../../app-user/app-user';

/** A member of a tenant as the routes answer it. */
export interface TenantMemberView {
  readonly tenantId: string;
  readonly user: AppUser;
  readonly addedAt: Date;
}
