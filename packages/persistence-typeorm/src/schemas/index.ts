import { AppSchema } from './app.schema';
import { AppEndpointSchema } from './app-endpoint.schema';
import { AppRoleSchema } from './app-role.schema';
import { AppUserSchema } from './app-user.schema';
import { AppUserLinkSchema } from './app-user-link.schema';
import { AppUserRefreshTokenSchema, AppUserSessionSchema } from './app-user-session.schema';
import { AuditEventSchema } from './audit-event.schema';
import { CustomDomainSchema } from './custom-domain.schema';
import { DataCollectionSchema } from './data-collection.schema';
import { EnvironmentSchema } from './environment.schema';
import { FlagSchema } from './flag.schema';
import { M2mClientSchema } from './m2m-client.schema';
import { OutboxSchema } from './mail-outbox.schema';
import { MembershipSchema } from './membership.schema';
import { OrganizationSchema } from './organization.schema';
import { PasswordLinkSchema } from './password-link.schema';
import { RefreshTokenSchema } from './refresh-token.schema';
import { ReleaseSchema } from './release.schema';
import { SecretSchema } from './secret.schema';
import { SessionSchema } from './session.schema';
import { SignInAssetSchema } from './sign-in-asset.schema';
import { SignInConfigSchema } from './sign-in-config.schema';
import { SigningKeySchema } from './signing-key.schema';
import { SiteRoleGrantSchema } from './site-role-grant.schema';
import { SsoConnectionSchema } from './sso-connection.schema';
import { SupportTicketSchema } from './support-ticket.schema';
import { SupportTicketMessageSchema } from './support-ticket-message.schema';
import { TenantMemberSchema, TenantSchema } from './tenant.schema';
import { UserSchema } from './user.schema';
import { VirtualKeySchema } from './virtual-key.schema';
import { WorkloadSchema } from './workload.schema';
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
  SupportTicketSchema,
  SupportTicketMessageSchema,
  SecretSchema,
  M2mClientSchema,
  FlagSchema,
  WorkloadSchema,
  AppSchema,
  DataCollectionSchema,
  SiteRoleGrantSchema,
  ReleaseSchema,
  CustomDomainSchema,
  AppEndpointSchema,
  SignInConfigSchema,
  SignInAssetSchema,
  AppUserSchema,
  AppUserLinkSchema,
  AppUserSessionSchema,
  AppUserRefreshTokenSchema,
  AppRoleSchema,
  TenantSchema,
  TenantMemberSchema,
  SsoConnectionSchema,
  VirtualKeySchema,
];
