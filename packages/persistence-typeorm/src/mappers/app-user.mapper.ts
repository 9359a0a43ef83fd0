import type { AppUser, EmailSkippedReason } from '@groundfloor/domain';
import type { AppUserRecord } from '../schemas/app-user.schema';

export const AppUserMapper = {
  toRecord(u: AppUser): AppUserRecord {
    return {
      id: u.id,
      workspaceId: u.workspaceId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      enabled: u.enabled,
      emailVerified: u.emailVerified,
      roles: [...u.roles],
      invitePending: u.invitePending,
      passwordHash: u.passwordHash,
      passwordChangeRequired: u.passwordChangeRequired,
      temporaryPasswordSetAt: u.temporaryPasswordSetAt,
      ssoConnectionIds: [...u.ssoConnectionIds],
      inviteAppId: u.inviteAppId,
      lastEmailSent: u.lastEmail?.sent ?? null,
      lastEmailSkippedReason: u.lastEmail?.skippedReason ?? null,
      lastEmailAttemptedAt: u.lastEmail?.attemptedAt ?? null,
      resendWindowStartedAt: u.resendWindowStartedAt,
      resendCount: u.resendCount,
      lastInvitationSentAt: u.lastInvitationSentAt,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
      lastLoginAt: u.lastLoginAt,
    };
  },
  toDomain(r: AppUserRecord): AppUser {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      enabled: r.enabled,
      emailVerified: r.emailVerified,
      roles: [...r.roles],
      invitePending: r.invitePending,
      passwordHash: r.passwordHash,
      passwordChangeRequired: r.passwordChangeRequired,
      temporaryPasswordSetAt: r.temporaryPasswordSetAt,
      ssoConnectionIds: [...r.ssoConnectionIds],
      inviteAppId: r.inviteAppId,
      lastEmail:
        r.lastEmailAttemptedAt !== null || r.lastEmailSkippedReason !== null || r.lastEmailSent !== null
          ? {
              sent: r.lastEmailSent,
              skippedReason: r.lastEmailSkippedReason as EmailSkippedReason | null,
              attemptedAt: r.lastEmailAttemptedAt,
            }
          : null,
      resendWindowStartedAt: r.resendWindowStartedAt,
      resendCount: r.resendCount,
      lastInvitationSentAt: r.lastInvitationSentAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      lastLoginAt: r.lastLoginAt,
    };
  },
};
