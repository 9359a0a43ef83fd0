import { conflict, type FieldError, invalid, notFound } from '../shared/domain-error';

/* SSO connection errors (spec: Errors, Sign-in 409 "SSO organization_id while multi-tenant is off"). */

/** 404: the workspace has no such SSO connection. */
export const ssoConnectionNotFound = () =>
  notFound('sso_connection_not_found', 'the workspace has no such SSO connection');

/** 409: `organization_id` names a tenant, and tenants need multi-tenant on. */
export const multiTenantOff = () =>
  conflict('multi_tenant_disabled', 'organization_id links a tenant: turn multi_tenant on first');

/** 404: `organization_id` is not a tenant of the workspace. */
export const tenantNotFound = () => notFound('tenant_not_found', 'the workspace has no such tenant');

/** 422: the connection's fields are invalid for its protocol; `errors` names each. */
export const invalidSsoConnection = (errors: FieldError[]) =>
  invalid(
    'invalid_sso_connection',
    `the SSO connection is invalid: ${errors.map((e) => e.field).join(', ')}`,
    errors,
  );
