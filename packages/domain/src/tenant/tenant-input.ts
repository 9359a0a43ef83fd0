import { requireHostname } from '../custom-domain/hostname';
import { Limits } from '../shared/limits';
import { requireName } from '../shared/text';
import { isUuid } from '../shared/uuid';
import type { Tenant } from './tenant';
import { invalidTenantAlias, invalidTenantDomains, tenantAliasLikeAnId } from './tenant.errors';

const ALIAS = new RegExp(`^[a-z0-9][a-z0-9_-]{0,${Limits.tenantAliasMax - 1}}$`);

/** An alias: the `organization` claim's key for the tenant; lowercase letters, digits, `-`, `_`. */
export function requireTenantAlias(value: string | null): string | null {
  if (value === null) return null;
  const alias = value.trim();
  if (!ALIAS.test(alias)) throw invalidTenantAlias();
  // A tenant without an alias is keyed by its id in the `organization` claim:
  // an alias shaped like an id could take another tenant's key.
  if (isUuid(alias)) throw tenantAliasLikeAnId();
  return alias;
}

/** The tenant's email domains: hostnames, lowercase, each once, at most 50. */
export function requireTenantDomains(values: readonly string[]): string[] {
  if (values.length > Limits.tenantDomainsMax)
    throw invalidTenantDomains(`at most ${Limits.tenantDomainsMax} domains`);
  const domains: string[] = [];
  for (const value of values) {
    let domain: string;
    try {
      domain = requireHostname(value);
    } catch {
      throw invalidTenantDomains(`'${value.slice(0, 80)}' is not a domain name`);
    }
    if (!domains.includes(domain)) domains.push(domain);
  }
  return domains;
}

/** Create or PATCH fields; absent fields stay as they are. */
export interface TenantFields {
  readonly name?: string;
  readonly alias?: string | null;
  readonly domains?: readonly string[];
  readonly enabled?: boolean;
}

/** Applies checked fields to the tenant; answers the names of those that changed (for the audit). */
export function applyTenantFields(tenant: Tenant, fields: TenantFields, now: Date): string[] {
  const changed: string[] = [];
  if (fields.name !== undefined) {
    const name = requireName(fields.name);
    if (name !== tenant.name) changed.push('name');
    tenant.name = name;
  }
  if (fields.alias !== undefined) {
    const alias = requireTenantAlias(fields.alias);
    if (alias !== tenant.alias) changed.push('alias');
    tenant.alias = alias;
  }
  if (fields.domains !== undefined) {
    const domains = requireTenantDomains(fields.domains);
    if (domains.join(',') !== tenant.domains.join(',')) changed.push('domains');
    tenant.domains = domains;
  }
  if (fields.enabled !== undefined && fields.enabled !== tenant.enabled) {
    changed.push('enabled');
    tenant.enabled = fields.enabled;
  }
  if (changed.length > 0) tenant.updatedAt = now;
  return changed;
}

/**
 * On a frozen workspace a tenant change is allowed only when it takes
 * access away: disabling it (and nothing else).
 */
export const onlyDisables = (fields: TenantFields): boolean =>
  fields.enabled === false &&
  fields.name === undefined &&
  fields.alias === undefined &&
  fields.domains === undefined;
