import type { AppUserView } from '../app-user/app-user-view';

/** A member of a tenant as the routes answer it: the user as `GET /users/{id}` shows them. */
export interface TenantMemberView {
  readonly tenantId: string;
  readonly user: AppUserView;
  readonly addedAt: Date;
}
