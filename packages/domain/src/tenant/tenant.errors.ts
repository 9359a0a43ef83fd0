import { conflict, invalid, notFound } from '../shared/domain-error';
import { Limits } from '../shared/limits';

/* Tenant errors (spec: Tenants). `tenant_not_found` (404) is shared with SSO connections: sso.errors.ts. */

/** 409: tenants (and `tenant_id` on an invitation) need `multi_tenant.enabled`. */
export const tenantsNeedMultiTenant = () =>
  conflict('multi_tenant_disabled', 'tenants need multi_tenant turned on in the sign-in configuration');

/** 409: another tenant of the workspace has this alias. */
export const tenantAliasTaken = (alias: string) =>
  conflict('tenant_alias_taken', `another tenant of this workspace has the alias '${alias}'`);

/** 422: an alias shaped like a tenant id, the key of tenants without an alias in the `organization` claim. */
export const tenantAliasLikeAnId = () =>
  invalid(
    'invalid_tenant_alias',
    'alias must not be shaped like a tenant id (a UUID): tenants without an alias are keyed by their id',
    [{ field: 'alias', message: 'must not be shaped like a UUID' }],
  );

/** 422: an alias is 1 to 63 lowercase letters, digits, `-` or `_`, starting with a letter or digit. */
export const invalidTenantAlias = () =>
  invalid(
    'invalid_tenant_alias',
    `alias must be 1 to ${Limits.tenantAliasMax} lowercase letters, digits, - or _, starting with a letter or digit`,
    [{ field: 'alias', message: `1 to ${Limits.tenantAliasMax} of a-z, 0-9, - or _` }],
  );

/** 422: a domain that is not a hostname, or more than the limit. */
export const invalidTenantDomains = (message: string) =>
  invalid('invalid_tenant_domains', `domains: ${message}`, [{ field: 'domains', message }]);

/** 404: the user is not a member of this tenant. */
export const tenantMemberNotFound = () =>
  notFound('tenant_member_not_found', 'the user is not a member of this tenant');

/** 422: a member is named by exactly one of `user_id` and `email`. */
export const tenantMemberReference = () =>
  invalid('user_id_or_email', 'send exactly one of user_id and email', [
    { field: 'user_id', message: 'send exactly one of user_id and email' },
  ]);
