import type { User } from '@groundfloor/domain';
import type { UserRecord } from '../schemas/user.schema';

export const UserMapper = {
  /** Emails are stored lowercase, so the unique constraint is case-insensitive. */
  toRecord(user: User): UserRecord {
    return {
      id: user.id,
      email: user.email.toLowerCase(),
      displayName: user.displayName,
      passwordHash: user.passwordHash,
      passwordChangeRequired: user.passwordChangeRequired,
      emailVerified: user.emailVerified,
      passwordSetByOrganizationId: user.passwordSetByOrganizationId,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      welcomeEmailSentAt: user.welcomeEmailSentAt,
      idpRealm: user.idpRealm,
    };
  },
  toDomain(r: UserRecord): User {
    return {
      id: r.id,
      email: r.email,
      displayName: r.displayName,
      passwordHash: r.passwordHash,
      passwordChangeRequired: r.passwordChangeRequired,
      emailVerified: r.emailVerified,
      passwordSetByOrganizationId: r.passwordSetByOrganizationId,
      createdAt: r.createdAt,
      lastLoginAt: r.lastLoginAt,
      welcomeEmailSentAt: r.welcomeEmailSentAt,
      idpRealm: r.idpRealm,
    };
  },
};
