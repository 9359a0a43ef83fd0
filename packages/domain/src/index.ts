export * from './access/access-control';
export * from './access/scope-access';
export * from './app/app';
export * from './app/app.errors';
export * from './app/app.machine';
export * from './app/app-fields';
export * from './app/app-kind-filter';
export * from './app/app-promotion';
export * from './app/app-promotion.errors';
export * from './app/app-slug';
export * from './app-role/app-role';
export * from './app-role/app-role.errors';
export * from './app-role/app-role-input';
export * from './app-role/builtin-roles';
export * from './app-role/permission-catalog';
export * from './app-role/role-permissions';
export * from './app-user/app-user';
export * from './app-user/app-user-link';
export * from './app-user/app-user-session';
export * from './audit/audit-cursor';
export * from './audit/audit-event';
export * from './audit/record';
export * from './audit/redact';
export * from './auth/password-link';
export * from './auth/session';
export * from './collection/admin-only';
export * from './collection/collection.errors';
export * from './collection/collection-name';
export * from './collection/data-collection';
export * from './custom-domain/app-endpoint';
export * from './custom-domain/custom-domain';
export * from './custom-domain/custom-domain.errors';
export * from './custom-domain/hostname';
export * from './environment/environment';
export * from './flag/flag';
export * from './m2m/m2m-client';
export * from './mail/email-outcome';
export * from './mail/templates';
export * from './membership/add-member-request';
export * from './membership/membership';
export * from './membership/membership.errors';
export * from './membership/membership.machine';
export * from './membership/membership.policy';
export * from './organization/organization';
export * from './ports/app-releases.port';
export * from './ports/blob-store.port';
export * from './ports/bundle-extractor.port';
export * from './ports/clock.port';
export * from './ports/dns-resolver.port';
export * from './ports/ids.port';
export * from './ports/key-management.port';
export * from './ports/mail-outbox.port';
export * from './ports/mailer.port';
export * from './ports/password-hasher.port';
export * from './ports/rate-limiter.port';
export * from './ports/repositories.port';
export * from './ports/secret-tokens.port';
export * from './ports/sign-in-repositories.port';
export * from './ports/signing-key-store.port';
export * from './ports/token-signer.port';
export * from './ports/unit-of-work.port';
export * from './quota/plan-limits';
export * from './release/bundle-path';
export * from './release/content-type';
export * from './release/release';
export * from './release/release.errors';
export * from './release/release.machine';
export * from './release/release-storage';
export * from './release/remote-entry';
export * from './roles/effective-role';
export * from './roles/permission';
export * from './roles/role';
export * from './secret/secret';
export * from './shared/client-address';
export * from './shared/domain-error';
export * from './shared/ip-address';
export * from './shared/limits';
export * from './shared/settings';
export * from './shared/text';
export * from './sign-in/branding';
export * from './sign-in/sign-in.errors';
export * from './sign-in/sign-in.machine';
export * from './sign-in/sign-in-asset';
export * from './sign-in/sign-in-config';
export * from './sign-in/sign-in-host';
export * from './sign-in/sign-in-mail';
export * from './sign-in/sign-in-mail-input';
export * from './sign-in/sign-in-mail-test';
export * from './site-access/app-visibility.policy';
export * from './site-access/collection-access.policy';
export * from './site-access/grant-input';
export * from './site-access/site-access.errors';
export * from './site-access/site-grant';
export * from './site-access/site-role';
export * from './sso/saml-request';
export * from './sso/sso.errors';
export * from './sso/sso-connection';
export * from './sso/sso-connection-input';
export * from './tenant/tenant';
export * from './ticket/secret-detector';
export * from './ticket/ticket';
export * from './ticket/ticket.machine';
export * from './ticket/ticket-input';
export * from './ticket/ticket-text';
export * from './ticket/ticket-visibility.policy';
export type { AppAccessSetting } from './use-cases/app/app-access-setting';
export type { AppCompareStatus, AppComparison } from './use-cases/app/compare-apps.use-case';
export type { CreateAppInput } from './use-cases/app/create-app.use-case';
export type { PublicBootstrap } from './use-cases/app/get-public-bootstrap.use-case';
export type { AppPromotionResult, PromotedApp, PromotionPair } from './use-cases/app/promote-apps.use-case';
export { remoteEntryUrl, type ShellConfig, type ShellRelease } from './use-cases/app/shell-config';
export type { UpdateAppInput } from './use-cases/app/update-app.use-case';
export type { CatalogPermission } from './use-cases/app-role/list-permissions.use-case';
export type { AuditPage } from './use-cases/audit/list-audit-events.use-case';
export type { M2mPrincipal } from './use-cases/auth/m2m-principal';
export type { CallerAuthenticator, CallerKind, Principal } from './use-cases/auth/principal';
export type { TeamPrincipal } from './use-cases/auth/team-principal';
export { ACCESS_AUDIENCE, REFRESH_AUDIENCE, type TokenPair } from './use-cases/auth/token-pair';
export type { WorkloadPrincipal } from './use-cases/auth/workload-principal';
export type { CollectionAcl } from './use-cases/collection/collection-acl';
export type { WorkloadGrantInput } from './use-cases/collection/put-collection-acl.use-case';
export type { AddDomainInput } from './use-cases/custom-domain/add-domain.use-case';
export type { AppPublicAccess } from './use-cases/custom-domain/app-public-access.use-cases';
export type { DomainCheck } from './use-cases/custom-domain/check-domain';
export type { DomainVerification, VerifyDomainInput } from './use-cases/custom-domain/verify-domain.use-case';
export type { Deps } from './use-cases/deps';
export { M2M_AUDIENCE, type M2mToken } from './use-cases/m2m/m2m-token.use-cases';
export type { AddedMember } from './use-cases/membership/add-member.use-case';
export type { PendingInvitation } from './use-cases/membership/pending-invitations.use-case';
export type { Member } from './use-cases/membership/read-members.use-cases';
export type { CreatedOrganization } from './use-cases/operator/create-organization-for-owner.use-case';
export type { BillingStatement, Plan, PlanLine } from './use-cases/quota/billing.use-cases';
export type { Quota, QuotaLine } from './use-cases/quota/get-quota.use-case';
export type {
  CreateReleaseUploadInput,
  ReleaseUpload,
} from './use-cases/release/create-release-upload.use-case';
export type { FinalizeReleaseInput } from './use-cases/release/finalize-release.use-case';
export type { ReleaseFile } from './use-cases/release/get-release-file.use-case';
export type { UploadReleaseContentInput } from './use-cases/release/upload-release-content.use-case';
export {
  type CompareStatus,
  PROMOTE_MODES,
  type PromoteMode,
  type PromotionResult,
} from './use-cases/secret/promote-secrets.use-case';
export type { HostCheck } from './use-cases/sign-in/check-host-verification.use-case';
export {
  confirmsName,
  type PlatformSignInDeletion,
} from './use-cases/sign-in/delete-platform-sign-in.use-case';
export type {
  PublicBranding,
  PublicSignInMetadata,
} from './use-cases/sign-in/public-sign-in.use-cases';
export type { PutSignInConfigInput } from './use-cases/sign-in/put-sign-in-config.use-case';
export type { RewrapCount } from './use-cases/sign-in/rewrap-sign-in-secrets.use-case';
export { sendSignInEmail } from './use-cases/sign-in/send-sign-in-email';
export type { SignInConfigView } from './use-cases/sign-in/sign-in-config-store';
export type { MailTestResult } from './use-cases/sign-in/test-sign-in-mail.use-case';
export type { AccessDocument } from './use-cases/site-access/access-document';
export type { PutAccessInput } from './use-cases/site-access/put-access.use-case';
export { ssoAddresses } from './use-cases/sso/sso-addresses';
export type {
  CreateSsoConnectionInput,
  UpdateSsoConnectionInput,
} from './use-cases/sso/sso-connections.use-cases';
export type { SsoTestLogin } from './use-cases/sso/test-sso-login.use-case';
export { QUEUE_DEFAULT_STATUSES } from './use-cases/support/operator-tickets.use-cases';
export { supportLimits } from './use-cases/support/support-limits';
export { createUseCases, USE_CASES, type UseCases } from './use-cases/use-cases';
export { WORKLOAD_AUDIENCE, type WorkloadToken } from './use-cases/workload/workload-token';
export * from './user/account-ownership.policy';
export * from './user/user';
export * from './workload/workload';
export * from './workload/workload.errors';
export * from './workspace/workspace';
