import { type AppUser, appUserCanSignIn, newAppUser } from '../../app-user/app-user';
import {
  appUserAlreadySignsIn,
  generatedPasswordIsTemporary,
  passwordOptionRequired,
} from '../../app-user/app-user.errors';
import { personName, setAppUserPassword } from '../../app-user/app-user.policy';
import { LINKS_CANCELLED_BY } from '../../app-user/app-user-link.machine';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { appUserAccessDetailsEmail } from '../../mail/app-user-templates';
import { requireEmail, requirePasswordPolicy } from '../../shared/text';
import { signInUrl } from '../../sign-in/sign-in-url';
import type { Deps } from '../deps';
import { deliverAppUserEmail } from './app-user-mail';
import {
  authorizeAppUsers,
  DEFAULT_APP_USER_ROLES,
  findAppUserByEmailLocked,
  requireAppRoleNames,
  requireSignInApp,
} from './app-user-scope';
import { type AppUserView, appUserView } from './app-user-view';
import { generatePassword } from './generated-password';

export interface AddAppUserInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly password?: string;
  readonly generatePassword?: boolean;
  /** With `password`: default true. A generated password is always temporary. */
  readonly temporaryPassword?: boolean;
  readonly role?: string;
  readonly appId?: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly context: RequestContext;
}

export interface AddedAppUser {
  readonly view: AppUserView;
  readonly created: boolean;
  readonly signInUrl: string;
  /** The generated password, answered once and never stored or emailed; null when `password` was sent. */
  readonly temporaryPassword: string | null;
}

/**
 * `POST /users/add` (administer; spec, Add): a user with a password at
 * once, the email marked verified (the spec says so: docs/security.md), and
 * an email with where to sign in and the role, never the password. Adding
 * the email of a still-pending user sets the password on that user.
 */
export class AddAppUser {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings' | 'mailer' | 'kms' | 'appUserCredentials'
    >,
  ) {}

  async execute(input: AddAppUserInput): Promise<AddedAppUser> {
    const generate = input.generatePassword === true;
    if ((input.password !== undefined) === generate) throw passwordOptionRequired();
    if (generate && input.temporaryPassword === false) throw generatedPasswordIsTemporary();
    const temporary = generate || (input.temporaryPassword ?? true);
    const password = generate ? generatePassword(this.deps.secretTokens) : (input.password as string);
    requirePasswordPolicy(password);
    const email = requireEmail(input.email);
    const firstName = personName(input.firstName, 'first_name');
    const lastName = personName(input.lastName, 'last_name');
    const { uow, clock } = this.deps;

    // Everything that can refuse the request is checked before the password
    // is set, so a refused request costs no hashing and leaves nothing behind.
    const checked = await this.check(uow.read, input, email, clock.now());
    const userId = checked.existing?.id ?? this.deps.ids.next();
    const credential = await this.deps.appUserCredentials.setPassword(
      { workspaceId: checked.workspaceId, id: userId },
      password,
      { temporary },
    );

    const now = clock.now();
    const added = await uow.transaction(async (tx) => {
      const scope = await authorizeAppUsers(tx, input.userId, input.workspaceId, 'administer', now, {
        change: true,
        platform: true,
      });
      const { workspace, organization } = scope;
      const existing = await findAppUserByEmailLocked(tx, workspace.id, email);
      if (existing && appUserCanSignIn(existing)) throw appUserAlreadySignsIn();
      const user: AppUser =
        existing ??
        newAppUser({ id: userId, workspaceId: workspace.id, email, now, roles: DEFAULT_APP_USER_ROLES });
      setAppUserPassword(user, credential, { temporary, now });
      // Spec, Add: "the email marked verified" (docs/security.md says why this is safe here).
      user.emailVerified = true;
      if (checked.roles) user.roles = checked.roles;
      if (firstName !== null) user.firstName = firstName;
      if (lastName !== null) user.lastName = lastName;
      if (checked.appId) user.inviteAppId = checked.appId;
      await tx.appUsers.save(user);
      // The user can sign in now: every link of theirs is unusable (supplement §15).
      await tx.appUserLinks.cancelActive(workspace.id, user.id, LINKS_CANCELLED_BY.password_set, now);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_user.added',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_user', id: user.id },
        details: { roles: user.roles, temporary_password: temporary, generated_password: generate },
      });
      const url = signInUrl(this.deps.settings.publicBaseUrl, workspace.id, scope.config, checked.appId);
      return {
        created: existing === null,
        url,
        email: {
          user,
          config: scope.config,
          organizationName: organization.name,
          message: appUserAccessDetailsEmail({
            to: user.email,
            workspaceName: workspace.name,
            roles: user.roles,
            signInUrl: url,
          }),
        },
      };
    });
    const user = await deliverAppUserEmail(this.deps, added.email);
    return {
      view: await appUserView(uow.read, user, clock.now()),
      created: added.created,
      signInUrl: added.url,
      temporaryPassword: generate ? password : null,
    };
  }

  private async check(
    read: Deps['uow']['read'],
    input: AddAppUserInput,
    email: string,
    now: Date,
  ): Promise<{
    workspaceId: string;
    existing: AppUser | null;
    roles: string[] | null;
    appId: string | null;
  }> {
    const { workspace } = await authorizeAppUsers(read, input.userId, input.workspaceId, 'administer', now, {
      change: true,
      platform: true,
    });
    const roles =
      input.role === undefined ? null : await requireAppRoleNames(read, workspace.id, [input.role], 'role');
    const appId = input.appId === undefined ? null : await requireSignInApp(read, workspace.id, input.appId);
    const existing = await read.appUsers.findByEmail(workspace.id, email);
    if (existing && appUserCanSignIn(existing)) throw appUserAlreadySignsIn();
    return { workspaceId: workspace.id, existing, roles, appId };
  }
}
