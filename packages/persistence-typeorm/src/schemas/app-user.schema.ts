import { EntitySchema } from 'typeorm';

/** A row of `app_users`: the workspace's own directory of app end users. */
export interface AppUserRecord {
  id: string;
  workspaceId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  emailVerified: boolean;
  roles: string[];
  invitePending: boolean;
  passwordHash: string | null;
  passwordChangeRequired: boolean;
  temporaryPasswordSetAt: Date | null;
  ssoConnectionIds: string[];
  inviteAppId: string | null;
  lastEmailSent: boolean | null;
  lastEmailSkippedReason: string | null;
  lastEmailAttemptedAt: Date | null;
  resendWindowStartedAt: Date | null;
  resendCount: number;
  lastInvitationSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
}

export const AppUserSchema = new EntitySchema<AppUserRecord>({
  name: 'AppUser',
  tableName: 'app_users',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    email: { type: 'text' },
    firstName: { type: 'text', name: 'first_name', nullable: true },
    lastName: { type: 'text', name: 'last_name', nullable: true },
    enabled: { type: 'boolean' },
    emailVerified: { type: 'boolean', name: 'email_verified' },
    roles: { type: 'jsonb' },
    invitePending: { type: 'boolean', name: 'invite_pending' },
    passwordHash: { type: 'text', name: 'password_hash', nullable: true },
    passwordChangeRequired: { type: 'boolean', name: 'password_change_required' },
    temporaryPasswordSetAt: { type: 'timestamptz', name: 'temporary_password_set_at', nullable: true },
    ssoConnectionIds: { type: 'jsonb', name: 'sso_connection_ids' },
    inviteAppId: { type: 'uuid', name: 'invite_app_id', nullable: true },
    lastEmailSent: { type: 'boolean', name: 'last_email_sent', nullable: true },
    lastEmailSkippedReason: { type: 'text', name: 'last_email_skipped_reason', nullable: true },
    lastEmailAttemptedAt: { type: 'timestamptz', name: 'last_email_attempted_at', nullable: true },
    resendWindowStartedAt: { type: 'timestamptz', name: 'resend_window_started_at', nullable: true },
    resendCount: { type: 'integer', name: 'resend_count' },
    lastInvitationSentAt: { type: 'timestamptz', name: 'last_invitation_sent_at', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
    lastLoginAt: { type: 'timestamptz', name: 'last_login_at', nullable: true },
  },
});
