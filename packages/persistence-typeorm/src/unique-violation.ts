import { DomainError } from '@groundfloor/domain';
import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** What each named unique constraint means to a person; the names come from the migrations. */
const DETAILS: Readonly<Record<string, string>> = {
  users_email_key: 'a user with this email already exists',
  environments_workspace_id_name_key: 'an environment with this name already exists in the workspace',
  memberships_user_id_scope_key: 'the user already has a membership on this scope',
  password_links_token_hash_key: 'a password link with this token hash already exists',
  support_tickets_number_key: 'a ticket with this number already exists',
  apps_workspace_id_slug_key: 'an app with this slug already exists in the workspace',
  data_collections_workspace_id_name_key: 'a data collection with this name already exists in the workspace',
  releases_app_id_current_key: 'the app already has a current release',
  custom_domains_domain_key: 'this domain is already added to an app',
  sign_in_configs_custom_domain_key: 'another workspace already claims this sign-in host',
  app_users_workspace_id_email_key: 'an app user with this email already exists',
  app_user_links_token_hash_key: 'a link with this token hash already exists',
  tenants_workspace_id_alias_key: 'a tenant with this alias already exists',
};

/** Runs one write; a unique-constraint violation becomes a `conflict` DomainError, anything else passes through. */
export async function translatingConflicts<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const driverError =
      err instanceof QueryFailedError ? (err.driverError as { code?: string; constraint?: string }) : {};
    if (driverError.code !== UNIQUE_VIOLATION) throw err;
    const constraint = driverError.constraint ?? '';
    throw new DomainError(
      'conflict',
      'duplicate',
      DETAILS[constraint] ?? 'a record with the same identity already exists',
    );
  }
}
