import { EntitySchema } from 'typeorm';

/** A row of `users`. */
export interface UserRecord {
  id: string;
  email: string;
  displayName: string | null;
  passwordHash: string | null;
  passwordChangeRequired: boolean;
  emailVerified: boolean;
  passwordSetByOrganizationId: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  welcomeEmailSentAt: Date | null;
  idpRealm: string | null;
}

export const UserSchema = new EntitySchema<UserRecord>({
  name: 'User',
  tableName: 'users',
  columns: {
    id: { type: 'uuid', primary: true },
    email: { type: 'text' },
    displayName: { type: 'text', name: 'display_name', nullable: true },
    passwordHash: { type: 'text', name: 'password_hash', nullable: true },
    passwordChangeRequired: { type: 'boolean', name: 'password_change_required' },
    emailVerified: { type: 'boolean', name: 'email_verified' },
    passwordSetByOrganizationId: { type: 'uuid', name: 'password_set_by_organization_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    lastLoginAt: { type: 'timestamptz', name: 'last_login_at', nullable: true },
    welcomeEmailSentAt: { type: 'timestamptz', name: 'welcome_email_sent_at', nullable: true },
    idpRealm: { type: 'text', name: 'idp_realm', nullable: true },
  },
});
