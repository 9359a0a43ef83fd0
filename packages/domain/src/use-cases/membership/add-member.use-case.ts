import {
  auditPlace,
  authorizeScope,
  requireScopeNotFrozen,
  type ScopeAccess,
} from '../../access/scope-access';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
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
import { canSignIn, trustedBy } from '../../user/account-ownership.policy';
import { newUser, type User } from '../../user/user';
import type { Deps } from '../deps';
import { invitationDetailsFor, sendInvitation, setPasswordMessage } from './invitation-emails';

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

  async execute(input: {
    userId: string;
    scopeType: ScopeType;
    scopeId: string;
    body: AddMemberInput;
    context: RequestContext;
  }): Promise<AddedMember> {
    const { uow, clock } = this.deps;
    const request = parseAddMemberRequest(input.scopeType, input.body, clock.now());
    const { member, role, expiresAt } = request;
    // Authorized before any hashing: a caller without the permission gets
    // neither free argon2 work nor a timing answer to "has this email a password?".
    await this.authorize(uow.read, input, role, clock.now());
    // Memory-hard hashing stays out of the transaction, and is skipped when
    // the password would be refused anyway.
    let passwordHash = member.kind === 'email_password' ? await this.hashIfUsable(member) : null;
    const now = clock.now();

    const added = await uow.transaction(async (tx) => {
      const scope = await this.authorize(tx, input, role, now);
      const organizationId = scope.organization.id;

      let user = await this.findUser(tx, member);
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
          if (!rule3) return { membership: existing, user, created: false, message: null };
          invitation = existing;
        }
      }

      const userCreated = user === null;
      if (user === null) {
        if (member.kind === 'user_id') throw userNotFound();
        user = newUser({ id: this.deps.ids.next(), email: member.email, createdAt: now });
      }
      let passwordSet = false;
      if (member.kind === 'email_password') {
        if (user.passwordHash) throw userHasCredentials();
        if (!userCreated) await this.refuseIfInvitedElsewhere(tx, user, organizationId);
        passwordHash ??= await this.deps.hasher.hash(member.password);
        user.passwordHash = passwordHash;
        user.passwordChangeRequired = member.temporaryPassword;
        // The mailbox is not proven: only this organization trusts the password it set.
        user.passwordSetByOrganizationId = organizationId;
        // Links sent earlier were for choosing a first password, which is now set.
        await tx.passwordLinks.cancelActiveForUser(user.id, now);
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
      const message = await this.message(tx, member, user, membership, scope.name, now);
      return { membership, user, created: invitation === null, message };
    });

    const email = added.message
      ? await sendInvitation(this.deps, added.message, added.user.id)
      : emailOutcome('not_requested');
    return { membership: added.membership, user: added.user, created: added.created, email };
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

  private async hashIfUsable(member: Extract<MemberReference, { kind: 'email_password' }>) {
    const existing = await this.deps.uow.read.users.findByEmail(member.email);
    if (existing?.passwordHash || existing?.idpRealm) return null;
    return this.deps.hasher.hash(member.password);
  }

  /** What the new member is emailed, or null when nothing is (by `user_id`, or `send_email` false). */
  private async message(
    tx: Repositories,
    member: MemberReference,
    user: User,
    membership: Membership,
    scopeName: string,
    now: Date,
  ): Promise<EmailMessage | null> {
    if (membership.status === 'pending') return setPasswordMessage(this.deps, tx, user, now, scopeName);
    if (member.kind === 'user_id') return null;
    if (member.kind === 'email_password' && !member.sendEmail) return null;
    return invitationDetailsFor(this.deps.settings, user, scopeName, membership.role);
  }
}
