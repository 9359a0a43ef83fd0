import { AuditEventSchema } from './audit-event.schema';
import { EnvironmentSchema } from './environment.schema';
import { OutboxSchema } from './mail-outbox.schema';
import { MembershipSchema } from './membership.schema';
import { OrganizationSchema } from './organization.schema';
import { PasswordLinkSchema } from './password-link.schema';
import { RefreshTokenSchema } from './refresh-token.schema';
import { SessionSchema } from './session.schema';
import { SigningKeySchema } from './signing-key.schema';
import { UserSchema } from './user.schema';
import { WorkspaceSchema } from './workspace.schema';

/** Every table TypeORM maps; `rate_limit_hits` is reached with plain SQL only. */
export const ENTITY_SCHEMAS = [
  UserSchema,
  OrganizationSchema,
  WorkspaceSchema,
  EnvironmentSchema,
  MembershipSchema,
  SessionSchema,
  RefreshTokenSchema,
  PasswordLinkSchema,
  AuditEventSchema,
  SigningKeySchema,
  OutboxSchema,
];
