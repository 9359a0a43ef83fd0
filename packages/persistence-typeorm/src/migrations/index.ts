import type { MigrationInterface } from 'typeorm';
import { InitialSchema1767225600000 } from './1767225600000-initial-schema.migration';
import { SupportTickets1767225800000 } from './1767225800000-support-tickets.migration';
import { SecretsM2mFlags1767225900000 } from './1767225900000-secrets-m2m-flags.migration';
import { AccountOwnership1767226000000 } from './1767226000000-account-ownership.migration';
import { OneCurrentSigningKey1767226010000 } from './1767226010000-one-current-signing-key.migration';
import { AppsWorkloadsAccess1767226300000 } from './1767226300000-apps-workloads-access.migration';
import { ReleasesCustomDomains1767226400000 } from './1767226400000-releases-custom-domains.migration';
import { ChangeNotifications1767226450000 } from './1767226450000-change-notifications.migration';
import { WorkspaceSignIn1767226500000 } from './1767226500000-workspace-sign-in.migration';
import { FlagChangeNotifications1767226550000 } from './1767226550000-flag-change-notifications.migration';
import { AuditEventScopes1767226560000 } from './1767226560000-audit-event-scopes.migration';
import { LlmVirtualKeys1767227000000 } from './1767227000000-llm-virtual-keys.migration';
import { MoreChangeNotifications1767227100000 } from './1767227100000-more-change-notifications.migration';
import { TicketListIndex1767227200000 } from './1767227200000-ticket-list-index.migration';
import { TicketCounts1767227300000 } from './1767227300000-ticket-counts.migration';
import { RateLimitFunction1767227400000 } from './1767227400000-rate-limit-function.migration';
import { MembershipChangeByUser1767227500000 } from './1767227500000-membership-change-by-user.migration';
import { RateLimitConsumeAll1767227600000 } from './1767227600000-rate-limit-consume-all.migration';
import { SiteGrantOrder1767227700000 } from './1767227700000-site-grant-order.migration';
import { AppUserInvitePending1767227800000 } from './1767227800000-app-user-invite-pending.migration';
import { AppUserUnattemptedEmail1767227900000 } from './1767227900000-app-user-unattempted-email.migration';

/**
 * Every migration, oldest first. Listed by hand rather than globbed: the
 * build is plain `tsc` output and nothing loads `.ts` files at run time.
 */
export const MIGRATIONS: ReadonlyArray<new () => MigrationInterface> = [
  InitialSchema1767225600000,
  SupportTickets1767225800000,
  SecretsM2mFlags1767225900000,
  AccountOwnership1767226000000,
  OneCurrentSigningKey1767226010000,
  AppsWorkloadsAccess1767226300000,
  ReleasesCustomDomains1767226400000,
  ChangeNotifications1767226450000,
  WorkspaceSignIn1767226500000,
  FlagChangeNotifications1767226550000,
  AuditEventScopes1767226560000,
  LlmVirtualKeys1767227000000,
  MoreChangeNotifications1767227100000,
  TicketListIndex1767227200000,
  TicketCounts1767227300000,
  RateLimitFunction1767227400000,
  MembershipChangeByUser1767227500000,
  RateLimitConsumeAll1767227600000,
  SiteGrantOrder1767227700000,
  AppUserInvitePending1767227800000,
  AppUserUnattemptedEmail1767227900000,
];
