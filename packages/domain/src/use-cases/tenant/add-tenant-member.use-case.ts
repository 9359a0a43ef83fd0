import { appUserCanSignIn } from '../../app-user/app-user';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { requireEmail } from '../../shared/text';
import { tenantMemberReference } from '../../tenant/tenant.errors';
import { deliverAppUserEmail, type PendingAppUserEmail } from '../app-user/app-user-mail';
import { requireAppUser } from '../app-user/app-user-scope';
import { appUserView } from '../app-user/app-user-view';
import { invite } from '../app-user/invitation';
import type { Deps } from '../deps';
import { lockWorkspace } from '../workspace/workspace-ceilings';
import type { TenantMemberView } from './tenant-members';
import { authorizeTenants, requireTenant } from './tenant-scope';

export interface AddedTenantMember {
  readonly member: TenantMemberView;
  /** False when the user already was a member. */
  readonly created: boolean;
  /** True when the user was invited (a new or still-pending user named by email). */
  readonly invited: boolean;
}

/**
 * `POST /auth/tenants/{tenant_id}/members` (administer): `user_id` or
 * `email`. An email of someone who can already sign in adds them without an
 * invitation; an email of nobody, or of a still-pending user, makes or keeps
 * the pending user and invites them as POST /users does (its limits apply).
 * Refused while frozen.
 */
export class AddTenantMember {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings' | 'mailer' | 'kms'
    >,
  ) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    tenantId: string;
    memberUserId?: string;
    email?: string;
    context: RequestContext;
  }): Promise<AddedTenantMember> {
    if ((input.memberUserId === undefined) === (input.email === undefined)) throw tenantMemberReference();
    const email = input.email === undefined ? null : requireEmail(input.email);
    const now = this.deps.clock.now();
    const added = await this.deps.uow.transaction(async (tx) => {
      const scope = await authorizeTenants(tx, input.userId, input.workspaceId, 'administer', now, {
        change: true,
      });
      const { workspace, organization } = scope;
      // Locked, the workspace first as every other path takes it: adds to one
      // tenant take turns (one 201, then 200s), and a tenant deleted
      // meanwhile is 404 rather than a member of nothing.
      await lockWorkspace(tx, workspace.id);
      const tenant = await requireTenant(tx, workspace.id, input.tenantId, { forUpdate: true });
      const before = await tx.tenants.listMembers(workspace.id, tenant.id);

      let user =
        input.memberUserId === undefined ? null : await requireAppUser(tx, workspace.id, input.memberUserId);
      let pending: PendingAppUserEmail | null = null;
      if (email !== null) {
        const found = await tx.appUsers.findByEmailForUpdate(workspace.id, email);
        if (found && appUserCanSignIn(found)) {
          user = found;
        } else {
          const invitation = await invite(
            this.deps,
            tx,
            scope,
            { email, roles: null, firstName: null, lastName: null, sendEmail: true, tenant, appId: null },
            now,
            input.context,
          );
          user = invitation.user;
          pending = invitation.email;
        }
      }
      if (!user) throw tenantMemberReference();
      const existing = before.find((m) => m.userId === user.id);
      if (!existing) {
        await tx.tenants.addMember({
          tenantId: tenant.id,
          workspaceId: workspace.id,
          userId: user.id,
          createdAt: now,
        });
        await recordAudit(tx, this.deps, input.context, now, {
          action: 'tenant.member_added',
          organizationId: organization.id,
          workspaceId: workspace.id,
          target: { type: 'tenant', id: tenant.id },
          details: { user_id: user.id, invited: pending !== null },
        });
      }
      return { tenantId: tenant.id, user, addedAt: existing?.createdAt ?? now, created: !existing, pending };
    });
    const user = added.pending ? await deliverAppUserEmail(this.deps, added.pending) : added.user;
    return {
      member: {
        tenantId: added.tenantId,
        user: await appUserView(this.deps.uow.read, user, now),
        addedAt: added.addedAt,
      },
      created: added.created,
      invited: added.pending !== null,
    };
  }
}
