import {
  auditPlace,
  authorizeScope,
  requireScopeNotFrozen,
  type ScopeAccess,
} from '../../access/scope-access';
import { type RequestContext, recordAudit } from '../../audit/record';
import { type EmailOutcome, emailOutcome } from '../../mail/email-outcome';
import {
  type AddMemberInput,
  type MemberReference,
  parseAddMemberRequest,
} from '../../membership/add-member-request';
import { hasExpired, type Membership } from '../../membership/membership';
import {
  accountManagedElsewhere,
  membershipRoleConflict,
  notPlatformSignIn,
  userHasCredentials,
  userNotFound,
} from '../../membership/membership.errors';
import { statusAfter } from '../../membership/membership.machine';
import { grantViolation, refuseViolation } from '../../membership/membership.policy';
import type { EmailMessage } from '../../ports/mailer.port';
import type { Repositories } from '../../ports/repositories.port';
import type { Role, ScopeType } from '../../roles/role';
import { DomainError } from '../../shared/domain-error';
import { canSignIn, trustedBy } from '../../user/account-ownership.policy';
import { newUser, type User } from '../../user/user';
import type { Deps } from '../deps';
import { invitationDetailsFor, sendInvitation, setPasswordMessage } from './invitation-emails';

interface AddMemberCall {
  readonly userId: string;
  readonly scopeType: ScopeType;
  readonly scopeId: string;
  readonly body: AddMemberInput;
  readonly context: RequestContext;
}

type AddMemberRequest = ReturnType<typeof parseAddMemberRequest>;

/** What `enrol` writes from: the authorized scope and what the reads (if any) found. */
interface Enrolment {
  readonly scope: ScopeAccess;
  readonly input: AddMemberCall;
  readonly request: AddMemberRequest;
  /** Null for an email no login has yet. */
  readonly user: User | null;
  readonly invitation: Membership | null;
  readonly replaced: Membership | null;
  readonly passwordHash: string | null;
  readonly now: Date;
}

interface Enrolled {
  readonly membership: Membership;
  readonly user: User;
  readonly created: boolean;
  readonly message: EmailMessage | null;
}

export interface AddedMember {
  readonly membership: Membership;
  readonly user: User;
  /**
   * False when the user already held the same role: the existing membership is
   * returned, unchanged, or accepted when a password was given for an invitee.
   */
  readonly created: boolean;
  readonly email: EmailOutcome;
}

/**
 * POST members (spec: Rules for POST members; Membership state table rows
 * from `none`). Four ways in: an existing user by email (accepted,
 * invitation-detail email), a new email (login without a password, pending
 * membership, set-password email; likewise an invited login that never set
 * a password), an email with a password (credentials set, accepted,
 * invitation-detail email unless `send_email` is false) and a `user_id`
 * (accepted, no email).
 *
 * Account ownership (docs/security.md) narrows two of them: a password is set
 * only on a login no other organization or operator grant has touched (409
 * otherwise), and an account whose password another organization set, and
 * whose owner never proved the mailbox, is invited (pending, with a link to
 * the mailbox) rather than added.
 */
export class AddMember {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'hasher' | 'secretTokens' | 'mailer' | 'settings'
    >,
  ) {}

  async execute(input: AddMemberCall): Promise<AddedMember> {
    const { uow, clock } = this.deps;
    const request = parseAddMemberRequest(input.scopeType, input.body, clock.now());
    const { member, role } = request;
    // Authorized before any hashing: a caller without the permission gets
    // neither free argon2 work nor a timing answer to "has this email a password?".
    const authorized = await this.authorize(uow.read, input, role, clock.now());
    const known = member.kind === 'user_id' ? undefined : await uow.read.users.findByEmail(member.email);
    // Memory-hard hashing stays out of the transaction, and is skipped when
    // the password would be refused anyway.
    const passwordHash =
      member.kind === 'email_password' && !known?.passwordHash && !known?.idpRealm
        ? await this.deps.hasher.hash(member.password)
        : null;
    const now = clock.now();

    const added =
      (known === null ? await this.addNewLogin(authorized, input, request, passwordHash, now) : null) ??
      (await uow.transaction(async (tx) => {
        const scope = await this.authorize(tx, input, role, now);
        const user = await this.findUser(tx, member);
        let replaced: Membership | null = null;
        let invitation: Membership | null = null;
        if (user) {
          const existing = await tx.memberships.findForUserOnScope(user.id, scope.type, scope.id);
          if (existing && hasExpired(existing, now)) {
            // An expired membership grants nothing, so the user does not hold its
            // role any more: adding them again replaces it with a new membership.
            await tx.memberships.delete(existing.id);
            replaced = existing;
          } else if (existing) {
            // Rule 6: the same role again is the existing membership; another role is a PATCH.
            if (existing.role !== role) throw membershipRoleConflict(existing.role);
            // Rule 3 for an invitee who has not chosen a password yet: the
            // credentials are set and the pending invitation is accepted now.
            const rule3 =
              member.kind === 'email_password' && existing.status === 'pending' && !user.passwordHash;
            // Rule 5 before rule 6's answer: a password given for an account that
            // has one is an error, never silently dropped with a 200.
            if (member.kind === 'email_password' && user.passwordHash) throw userHasCredentials();
            if (!rule3) return { membership: existing, user, created: false, message: null };
            invitation = existing;
          }
        }
        return this.enrol(tx, { scope, input, request, user, invitation, replaced, passwordHash, now });
      }));

    const email = added.message
      ? await sendInvitation(this.deps, added.message, added.user.id)
      : emailOutcome('not_requested');
    return { membership: added.membership, user: added.user, created: added.created, email };
  }

  /**
   * The common case, an email nobody has signed up with, needs no read once
   * the caller is authorized: the login, its membership, the audit event and
   * the set-password link are one batch of writes (one round trip). Null
   * when another request created the login meanwhile (its email is taken):
   * then the transaction below, which reads, decides.
   */
  private async addNewLogin(
    scope: ScopeAccess,
    input: AddMemberCall,
    request: AddMemberRequest,
    passwordHash: string | null,
    now: Date,
  ): Promise<Enrolled | null> {
    try {
      return await this.deps.uow.batch((writes) =>
        this.enrol(writes, {
          scope,
          input,
          request,
          user: null,
          invitation: null,
          replaced: null,
          passwordHash,
          now,
        }),
      );
    } catch (err) {
      if (err instanceof DomainError && err.code === 'duplicate') return null;
      throw err;
    }
  }

  /**
   * The writes of an add once the user and any membership they hold are
   * known: the login when it is new, credentials for `email_password`, the
   * membership (new, or the accepted invitation), its audit event and the
   * email to send after the commit.
   */
  private async enrol(tx: Repositories, on: Enrolment): Promise<Enrolled> {
    const { scope, input, request, invitation, replaced, now } = on;
    const { member, role, expiresAt } = request;
    const organizationId = scope.organization.id;
    let user = on.user;
    const userCreated = user === null;
    if (user === null) {
      if (member.kind === 'user_id') throw userNotFound();
      user = newUser({ id: this.deps.ids.next(), email: member.email, createdAt: now });
    }
    let passwordSet = false;
    if (member.kind === 'email_password') {
      if (user.passwordHash) throw userHasCredentials();
      if (!userCreated) await this.refuseIfInvitedElsewhere(tx, user, organizationId);
      user.passwordHash = on.passwordHash ?? (await this.deps.hasher.hash(member.password));
      user.passwordChangeRequired = member.temporaryPassword;
      // The mailbox is not proven: only this organization trusts the password it set.
      user.passwordSetByOrganizationId = organizationId;
      // Links sent earlier were for choosing a first password, which is now set.
      if (!userCreated) await tx.passwordLinks.cancelActiveForUser(user.id, now);
      passwordSet = true;
    }
    if (userCreated || passwordSet) await tx.users.save(user);
    // A login nobody can sign in with yet, and an account that has not proven
    // its mailbox to this organization, are invited: pending, with a link to the mailbox.
    const awaitingProof = canSignIn(user) && !trustedBy(user, organizationId);
    const invite = member.kind === 'user_id' ? awaitingProof : !trustedBy(user, organizationId);

    const membership: Membership = invitation
      ? { ...invitation, status: statusAfter(invitation.status, 'accept') }
      : {
          id: this.deps.ids.next(),
          userId: user.id,
          scopeType: scope.type,
          scopeId: scope.id,
          role,
          // An email nobody can sign in with yet is invited: pending, with a set-password link.
          status: statusAfter('none', invite ? 'invite' : 'add'),
          createdAt: now,
          expiresAt,
          invitedByUserId: input.userId,
        };
    await tx.memberships.save(membership);
    await recordAudit(tx, this.deps, input.context, now, {
      action: invitation ? 'membership.accepted' : 'membership.created',
      ...auditPlace(scope),
      target: { type: 'membership', id: membership.id },
      details: {
        user_id: user.id,
        scope_type: scope.type,
        scope_id: scope.id,
        role,
        status: membership.status,
        via: member.kind,
        user_created: userCreated,
        password_set: passwordSet,
        ...(awaitingProof && membership.status === 'pending' ? { awaiting_email_proof: true } : {}),
        expires_at: membership.expiresAt?.toISOString() ?? null,
        ...(replaced ? { replaced_expired_membership_id: replaced.id } : {}),
      },
    });
    const message = await this.message(tx, member, user, membership, scope.name, now, userCreated);
    return { membership, user, created: invitation === null, message };
  }

  /**
   * Rule 3 holds only for a login this organization alone has touched: one
   * with a membership in another organization (an invitation there, or the
   * operator's owner grant) chooses its password through its own link.
   */
  private async refuseIfInvitedElsewhere(tx: Repositories, user: User, organizationId: string) {
    const memberships = await tx.memberships.listForUser(user.id);
    const workspaceIds = memberships.filter((m) => m.scopeType === 'workspace').map((m) => m.scopeId);
    const workspaces = workspaceIds.length > 0 ? await tx.workspaces.findByIds(workspaceIds) : [];
    const organizationOf = new Map(workspaces.map((w) => [w.id, w.organizationId]));
    const elsewhere = memberships.some((m) =>
      m.scopeType === 'account'
        ? m.scopeId !== organizationId
        : (organizationOf.get(m.scopeId) ?? null) !== organizationId,
    );
    if (elsewhere) throw accountManagedElsewhere();
  }

  /** manage_members on the scope, not frozen, and the role within the caller's ceiling (rule 8). */
  private async authorize(
    repos: Repositories,
    input: { userId: string; scopeType: ScopeType; scopeId: string },
    role: Role,
    now: Date,
  ): Promise<ScopeAccess> {
    const scope = await authorizeScope(
      repos,
      input.userId,
      input.scopeType,
      input.scopeId,
      'manage_members',
      now,
    );
    requireScopeNotFrozen(scope);
    refuseViolation(grantViolation(scope.type, scope.callerRole, role));
    return scope;
  }

  /** The user the request names: 404 for an unknown `user_id`; legacy app-user logins are not portal users. */
  private async findUser(tx: Repositories, member: MemberReference): Promise<User | null> {
    if (member.kind === 'user_id') {
      const user = await tx.users.findById(member.userId);
      if (!user || user.idpRealm !== null) throw userNotFound();
      return user;
    }
    const found = await tx.users.findByEmail(member.email);
    if (found && found.idpRealm !== null) throw notPlatformSignIn();
    return found && member.kind === 'email_password' ? tx.users.findByIdForUpdate(found.id) : found;
  }

  /** What the new member is emailed, or null when nothing is (by `user_id`, or `send_email` false). */
  private async message(
    tx: Repositories,
    member: MemberReference,
    user: User,
    membership: Membership,
    scopeName: string,
    now: Date,
    userCreated: boolean,
  ): Promise<EmailMessage | null> {
    if (membership.status === 'pending') {
      // A login made by these writes has no older links: its batch stays all INSERTs.
      return setPasswordMessage(this.deps, tx, user, now, scopeName, userCreated);
    }
    if (member.kind === 'user_id') return null;
    if (member.kind === 'email_password' && !member.sendEmail) return null;
    return invitationDetailsFor(this.deps.settings, user, scopeName, membership.role);
  }
}
