import { personName } from '../../app-user/app-user.policy';
import type { RequestContext } from '../../audit/record';
import { requireEmail } from '../../shared/text';
import type { Deps } from '../deps';
import { requireTenancy, requireTenant } from '../tenant/tenant-scope';
import { deliverAppUserEmail } from './app-user-mail';
import { authorizeAppUsers, requireAppRoleNames, requireSignInApp } from './app-user-scope';
import { type AppUserView, appUserView } from './app-user-view';
import { invite } from './invitation';

export interface InviteAppUserInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly role?: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  /** Default true. */
  readonly sendEmail?: boolean;
  /** Only while multi-tenant is on (409 otherwise); a tenant of the workspace (404 otherwise). */
  readonly tenantId?: string;
  readonly appId?: string;
  readonly context: RequestContext;
}

export interface InvitedAppUser {
  readonly view: AppUserView;
  /** False when a still-pending user was invited again (a resend). */
  readonly created: boolean;
}

/**
 * `POST /users` (administer; spec, Invite): a pending user and an
 * invitation email with a set-password link valid 72 hours, sent through
 * the workspace's sign-in mail. Refused while frozen, and without active
 * platform sign-in (409).
 */
export class InviteAppUser {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings' | 'mailer' | 'kms'
    >,
  ) {}

  async execute(input: InviteAppUserInput): Promise<InvitedAppUser> {
    const email = requireEmail(input.email);
    const firstName = personName(input.firstName, 'first_name');
    const lastName = personName(input.lastName, 'last_name');
    const now = this.deps.clock.now();
    const invitation = await this.deps.uow.transaction(async (tx) => {
      const scope = await authorizeAppUsers(tx, input.userId, input.workspaceId, 'administer', now, {
        change: true,
        platform: true,
      });
      const workspaceId = scope.workspace.id;
      const roles =
        input.role === undefined ? null : await requireAppRoleNames(tx, workspaceId, [input.role], 'role');
      const appId = input.appId === undefined ? null : await requireSignInApp(tx, workspaceId, input.appId);
      let tenant = null;
      if (input.tenantId !== undefined) {
        requireTenancy(scope.config);
        tenant = await requireTenant(tx, workspaceId, input.tenantId);
      }
      return invite(
        this.deps,
        tx,
        scope,
        { email, roles, firstName, lastName, sendEmail: input.sendEmail ?? true, tenant, appId },
        now,
        input.context,
      );
    });
    const user = invitation.email ? await deliverAppUserEmail(this.deps, invitation.email) : invitation.user;
    return {
      view: await appUserView(this.deps.uow.read, user, this.deps.clock.now()),
      created: invitation.created,
    };
  }
}
