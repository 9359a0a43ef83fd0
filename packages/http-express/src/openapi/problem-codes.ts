import { PASSED_THROUGH } from '@groundfloor/domain';

/**
 * Every `code` a problem+json answer can carry, with its status. Operations
 * name the codes they can return (`errors` in their description); the
 * document groups them by status, and the response check of the HTTP suites
 * fails when an answer carries a code its operation does not list. A code
 * whose status is the range `4XX` (an upstream's status passed through) is
 * documented under the range and under every 4xx the operation names,
 * `except` those where another code stands for that status.
 */
export const PROBLEM_CODES = {
  // Requests the server cannot read at all.
  malformed_json: { status: 400, description: 'the body is not JSON' },
  unreadable_body: {
    status: 400,
    description: 'the body could not be read: a compressed body that does not decompress, or one cut off',
  },
  json_too_deep: { status: 400, description: 'the JSON body nests more than 32 levels' },
  body_too_large: { status: 413, description: "the body is over the route's limit" },
  unsupported_encoding: { status: 415, description: 'the body encoding or charset is not supported' },
  invalid_body: { status: 422, description: 'the body is JSON but not an object' },
  validation_failed: {
    status: 422,
    description:
      'unknown fields, fields of the wrong shape, `__proto__`, `constructor` or `prototype` as a name at any depth, ' +
      'text holding U+0000 or a lone surrogate, a number past a double, or a query parameter given twice or in ' +
      'bracket form; `errors` names them',
  },
  not_found: {
    status: 404,
    description:
      'a path id that is not a UUID, or a path segment holding U+0000 or a lone surrogate, names nothing',
  },

  // Authentication and caller kinds.
  missing_token: { status: 401, description: 'no `Authorization: Bearer` token' },
  invalid_token: {
    status: 401,
    description: 'the token does not verify, has expired, its session ended or its M2M client was deleted',
  },
  invalid_operator_token: { status: 401, description: 'not the operator token' },
  invalid_credentials: { status: 401, description: 'wrong email or password (the same answer for both)' },
  invalid_refresh_token: { status: 401, description: 'the refresh token is invalid, spent or revoked' },
  invalid_client: {
    status: 401,
    description: 'unknown M2M client, wrong client secret, or a client of another workspace',
  },
  caller_kind_not_allowed: { status: 403, description: 'a valid token of a kind this route does not accept' },
  password_change_required: {
    status: 403,
    description: 'a session on a temporary password: choose a new one with POST /v1/me/password first',
  },

  // Permissions and scope state.
  permission_denied: { status: 403, description: "the caller lacks the route's permission on the scope" },
  no_eligible_organization_role: {
    status: 403,
    description: "roles in the organization's workspaces but no accepted organization role",
  },
  workspace_frozen: { status: 403, description: 'a change in a frozen workspace' },
  organization_suspended: { status: 403, description: 'a change in a suspended organization' },
  organization_creation_disabled: {
    status: 403,
    description: 'organization creation by team members is switched off on this installation',
  },
  organization_not_found: { status: 404, description: 'no such organization visible to the caller' },
  workspace_not_found: { status: 404, description: 'no such workspace visible to the caller' },
  environment_not_found: { status: 404, description: 'no such environment in the workspace' },
  user_not_found: { status: 404, description: 'no such user' },

  // Account ownership and password hashing (docs/security.md).
  account_managed_elsewhere: {
    status: 409,
    description:
      'a password for a login another organization or the operator invited; add the person without one',
  },
  email_not_verified: {
    status: 403,
    description: 'accept after choosing a password through the link emailed to the address',
  },
  password_hashing_busy: {
    status: 503,
    description: 'too many passwords are being checked right now; retry after `Retry-After`',
  },

  // Organizations, workspaces, environments, quotas.
  limit_reached: {
    status: 409,
    description: 'a create past a ceiling of what a workspace holds; `detail` names the ceiling',
  },
  quota_exceeded: { status: 409, description: "past the organization's `workspaces` limit" },
  environment_name_taken: { status: 409, description: 'environment names are unique in a workspace' },
  duplicate: { status: 409, description: 'a uniqueness rule of the database' },
  invalid_name: { status: 422, description: 'the name is empty, too long or not one line' },
  invalid_email: { status: 422, description: 'not an email address' },
  invalid_password: { status: 422, description: 'the password is not 8 to 128 characters' },
  invalid_environment_name: { status: 422, description: 'not a valid environment name' },
  invalid_environment_status: { status: 422, description: 'not `active` or `inactive`' },
  unknown_limit_key: { status: 422, description: 'a limit key the platform does not know' },
  invalid_limit: { status: 422, description: 'a limit outside its allowed range' },

  // Sign-in, tokens, password links.
  invalid_token_request: {
    status: 422,
    description: 'send either `{email, password}` or `{refresh_token}`',
  },
  invalid_current_password: { status: 422, description: 'the current password is wrong' },
  link_unusable: { status: 410, description: 'the link is unknown, expired, used or cancelled' },
  too_many_sign_in_attempts: {
    status: 429,
    description: 'too many failed sign-ins for one email; `Retry-After` says when to try again',
  },

  // Memberships.
  invalid_scope_type: { status: 400, description: 'a path `scope_type` other than `account` or `workspace`' },
  user_id_and_email: { status: 400, description: 'send `user_id` or `email`, not both' },
  user_id_or_email_required: { status: 400, description: 'send one of `user_id` and `email`' },
  password_with_user_id: { status: 400, description: '`password` is only accepted with `email`' },
  only_owner_grants_owner: { status: 403, description: 'only an owner may grant `owner`' },
  role_above_ceiling: { status: 403, description: "the role ranks above the caller's own on the scope" },
  role_not_below_caller: {
    status: 403,
    description: "revoking a role equal to or above the caller's own",
  },
  cannot_demote_owner: { status: 403, description: "an owner changing another owner's role" },
  membership_not_found: { status: 404, description: 'no such membership' },
  invitation_not_found: {
    status: 404,
    description: "another's invitation, one no longer pending, or (accept) an expired one",
  },
  membership_role_conflict: {
    status: 409,
    description: 'the user already has another role on the scope (change it with PATCH)',
  },
  membership_not_accepted: { status: 409, description: 'a pending invitation cannot change role' },
  membership_already_accepted: { status: 409, description: 'the invitation was accepted meanwhile' },
  last_owner: { status: 409, description: 'demoting or removing the last owner of a scope' },
  user_has_credentials: { status: 409, description: 'a password for an email that already has one' },
  not_platform_sign_in: { status: 409, description: 'a legacy app-user login, not a platform sign-in' },
  invalid_role_for_scope: { status: 422, description: 'a role not valid for the scope' },
  invalid_expires_at: {
    status: 422,
    description: '`expires_at` is not an ISO 8601 date or date-time with a zone in the future',
  },

  // Support.
  ticket_not_found: {
    status: 404,
    description: 'the ticket is missing, in another organization or not visible to the caller',
  },
  message_not_found: { status: 404, description: 'no such message on the ticket' },
  ticket_closed: { status: 409, description: 'the ticket is closed' },
  invalid_ticket_transition: {
    status: 409,
    description: 'the ticket cannot move to that status from its own',
  },
  invalid_subject: { status: 422, description: 'the subject is empty, too long or not one line' },
  invalid_description: { status: 422, description: 'the description is empty or too long' },
  invalid_message_body: { status: 422, description: 'the reply is empty or too long' },
  invalid_category: { status: 422, description: 'not a ticket category' },
  invalid_priority: { status: 422, description: 'not a ticket priority' },
  invalid_workspace: { status: 422, description: 'not a workspace of the organization' },
  invalid_context: { status: 422, description: 'a context key or value that is not allowed' },
  invalid_query: { status: 422, description: 'an unknown list parameter or a value out of range' },
  invalid_redaction: { status: 422, description: 'send exactly one of `message_id` and `subject: true`' },
  support_rate_limited: {
    status: 429,
    description: 'a support limit; `detail` names it and `Retry-After` says when to try again',
  },

  // Secrets, M2M clients, flags, audit.
  identical_environments: { status: 400, description: 'the source and target environment are the same' },
  reserved_flag_key: { status: 400, description: 'a flag named `compare`, `promote` or `runtime`' },
  unsupported_grant_type: { status: 400, description: '`grant_type` other than `client_credentials`' },
  platform_managed_secret: { status: 403, description: 'the platform manages this secret' },
  m2m_read_only: { status: 403, description: 'M2M tokens are read-only on secrets' },
  missing_scope: { status: 403, description: 'the M2M token lacks the `secrets:read` scope' },
  secret_not_found: { status: 404, description: 'no such secret in the set' },
  flag_not_found: { status: 404, description: 'no such flag' },
  m2m_client_not_found: { status: 404, description: 'no such M2M client in the workspace' },
  environment_inactive: { status: 409, description: 'the environment is inactive' },
  invalid_secret_key: { status: 422, description: 'a key not `[A-Za-z_][A-Za-z0-9_]*` up to 256 characters' },
  invalid_secret_value: { status: 422, description: 'a value over 10,000 characters' },
  invalid_secret_description: { status: 422, description: 'a description over 255 characters' },
  invalid_mode: { status: 422, description: '`mode` is not `skip_existing` or `overwrite`' },
  invalid_scope: { status: 422, description: 'an M2M scope other than `secrets:read`' },
  invalid_flag_key: { status: 422, description: 'a flag key not 1 to 128 letters, digits, `.`, `_` or `-`' },
  invalid_flag_value: { status: 422, description: 'a flag value over 8,192 bytes of JSON text' },
  invalid_cursor: { status: 422, description: '`before` is not a cursor the API returned' },
  too_many_token_requests: {
    status: 429,
    description: 'too many M2M token requests for one client or from one address',
  },
  secret_store_unavailable: {
    status: 502,
    description: 'the key store cannot seal or open a value; nothing was written; retry',
  },

  // Workloads, apps, releases, custom domains, data collections and Access.
  workload_not_found: { status: 404, description: 'no such workload in the workspace' },
  workload_archived: { status: 409, description: 'the workload is archived' },
  workload_not_a_service: { status: 400, description: "an app's primary workload must be a service" },
  invalid_workload_kind: { status: 422, description: '`kind` is not `service` or `job`' },
  workload_not_granted: { status: 403, description: 'the workload holds no grant on this collection' },
  app_not_found: { status: 404, description: 'no such app in the workspace' },
  app_slug_taken: {
    status: 409,
    description: 'another app of the workspace, archived or not, has this slug',
  },
  app_not_archived: { status: 409, description: 'restore of an app that is not archived' },
  app_archived: { status: 410, description: 'the app is archived; restore it first' },
  app_not_shell_federated: { status: 400, description: 'this route applies to `shell_federated` apps only' },
  app_kind_has_no_domains: {
    status: 400,
    description: 'custom domains apply to `standalone` and legacy `coderunner` apps only',
  },
  app_kind_filter_invalid: {
    status: 422,
    description: '`kind` is not product, shell_federated, standalone, all or coderunner',
  },
  app_kind_not_creatable: { status: 422, description: '`app_kind` is unknown, or the legacy `coderunner`' },
  invalid_app_slug: {
    status: 422,
    description: 'a slug not 1 to 63 lowercase letters, digits and hyphens',
  },
  primary_coderunner_required: {
    status: 422,
    description: 'a `standalone` app needs `primary_coderunner_id`',
  },
  environment_required: {
    status: 422,
    description: 'no `environment_id`, and neither an active `dev` nor a single active environment',
  },
  invalid_manifest: { status: 422, description: '`manifest` is not a JSON object' },
  invalid_git_repo_url: {
    status: 422,
    description: '`git_repo_url` is not one line of at most 2,048 characters',
  },
  invalid_visibility: { status: 422, description: '`visibility` is not `workspace` or `restricted`' },
  invalid_grant_action: { status: 422, description: 'a grant with an action its resource does not have' },
  unknown_site_role: { status: 422, description: 'a grant names a site role the workspace does not have' },
  unknown_app: { status: 422, description: 'a grant names an app the workspace does not have' },
  unknown_collection: { status: 422, description: 'a grant names a collection the workspace does not have' },
  duplicate_pair: { status: 422, description: 'the same source or target app in two promotion pairs' },
  too_many_pairs: { status: 422, description: 'more than 200 promotion pairs' },
  collection_not_found: { status: 404, description: 'no such data collection in the workspace' },
  collection_name_taken: { status: 409, description: 'the workspace has a collection of this name' },
  invalid_collection_name: {
    status: 422,
    description: 'a name not 1 to 63 lowercase letters, digits, `_` or `-`, starting with a letter',
  },
  release_not_found: { status: 404, description: 'no such release for this app' },
  current_release_not_found: { status: 404, description: 'the app has no published release yet' },
  release_file_not_found: { status: 404, description: 'no such file in a published release' },
  size_bytes_required: { status: 422, description: '`size_bytes` is required' },
  invalid_size_bytes: { status: 422, description: '`size_bytes` is not a whole number greater than 0' },
  release_too_large: { status: 413, description: 'a release upload is at most 32 MiB' },
  invalid_bundle: { status: 422, description: '`bundle` is not `remote_entry` or `zip`' },
  invalid_release_label: { status: 422, description: '`label` is not one line of at most 120 characters' },
  release_upload_expired: { status: 409, description: 'the upload URL has expired; request a new one' },
  release_not_uploaded: { status: 409, description: 'finalize before any content was uploaded' },
  release_finalizing: { status: 409, description: 'another finalize of this release is under way' },
  release_already_finalized: { status: 409, description: 'a release is finalized once' },
  size_mismatch: { status: 400, description: 'the uploaded bytes differ from `size_bytes`' },
  remote_entry_missing: { status: 409, description: 'no `remoteEntry.js` in the upload' },
  zip_too_large: { status: 400, description: 'the archive inflates to more than 256 MiB' },
  zip_too_many_entries: { status: 400, description: 'the archive has more than 2,000 entries' },
  zip_unsafe_path: { status: 400, description: 'an entry has an absolute path or a `..` segment' },
  zip_link_entry: { status: 400, description: 'an entry is a link or another special file' },
  zip_duplicate_entry: { status: 400, description: 'two entries have the same path' },
  zip_invalid: { status: 400, description: 'the upload is not a readable zip archive' },
  files_quota_exceeded: {
    status: 507,
    description: "the organization's `files.bytes` limit would be passed",
  },
  domain_not_found: { status: 404, description: 'the app has no such custom domain' },
  domain_already_added: { status: 409, description: 'the hostname is already added, on this platform' },
  domain_collides_with_branded_host: { status: 409, description: 'the hostname is a branded sign-in host' },
  invalid_domain: { status: 422, description: 'not a bare hostname of at most 253 characters' },
  invalid_public: { status: 422, description: 'the public settings are not of the expected shape' },
  // Releases and custom domains (docs/apps.md). The app-level codes are shared with the app routes.
  // Workspace sign-in configuration (docs/sign-in.md).
  confirm_name_mismatch: {
    status: 400,
    description: "`confirm_name` is not the workspace's name (trimmed, any letter case)",
  },
  platform_sign_in_in_use: {
    status: 409,
    description: "platform sign-in cannot be deleted while the mode is 'platform'",
  },
  platform_sign_in_required: {
    status: 409,
    description: 'multi-tenant needs active platform sign-in (mode `platform`)',
  },
  invalid_sign_in_mode: { status: 422, description: '`mode` is not none, platform or external' },
  invalid_external_settings: { status: 422, description: '`external` is not a JSON object of at most 8 KiB' },
  sign_in_host_taken: { status: 409, description: 'another workspace claims this custom sign-in host' },
  sign_in_host_collides: {
    status: 409,
    description: "the host is an app's custom domain or a host of the platform",
  },
  sign_in_host_not_set: {
    status: 409,
    description: 'no custom sign-in host is claimed (or the claim expired)',
  },
  invalid_branding: {
    status: 422,
    description: 'a branding colour is not `#rrggbb`, or the display name is invalid',
  },
  invalid_branding_image: {
    status: 422,
    description: 'a branding image is not a data URL of PNG, JPEG, WebP, ICO or SVG of at most 512 KiB',
  },
  invalid_mail_settings: {
    status: 422,
    description:
      'custom mail settings are invalid (missing host, port or from_email; a port other than 25, 465, 587, 2525; …)',
  },
  mail_host_not_public: {
    status: 422,
    description: 'the mail server is on a loopback, private, link-local or otherwise non-public address',
  },
  mail_host_unresolvable: { status: 422, description: 'the mail server name has no address' },
  own_email_not_verified: {
    status: 400,
    description: "the caller's own account email is not verified, so no test email is sent to it",
  },
  mail_test_rate_limited: { status: 429, description: 'at most 5 test emails per person per minute' },
  invalid_app_role_name: {
    status: 422,
    description: 'an app role name is 1 to 64 lowercase letters, digits, `_` or `-`',
  },
  invalid_app_role_description: {
    status: 422,
    description: 'an app role description is at most 255 characters',
  },
  app_role_builtin: { status: 409, description: '`viewer`, `user` and `admin` are built-in app roles' },
  app_role_exists: { status: 409, description: 'the workspace already has an app role of this name' },
  app_role_not_found: { status: 404, description: 'the workspace has no such app role' },
  unknown_permission: {
    status: 422,
    description: 'permission IDs missing from the catalog; `errors` names each',
  },
  sso_connection_not_found: { status: 404, description: 'the workspace has no such SSO connection' },
  multi_tenant_disabled: {
    status: 409,
    description:
      'multi-tenant is off: tenants, `tenant_id` and `organization_id` (which links a tenant) need it',
  },
  tenant_not_found: { status: 404, description: 'the workspace has no such tenant' },
  invalid_sso_connection: {
    status: 422,
    description: "fields missing, invalid or not of the connection's protocol; `errors` names each",
  },
  sign_in_host_not_found: { status: 404, description: 'no workspace signs in at this (verified) host' },
  branding_asset_not_found: { status: 404, description: 'the workspace has no such branding image' },
  public_rate_limited: {
    status: 429,
    description:
      'at most 60 requests a minute per client address to each public sign-in helper, 10 to the invite-link routes together',
  },
  // App users, invite links, tenants and app-user tokens (issue 11).
  app_user_not_found: { status: 404, description: 'the workspace has no such app user' },
  app_user_can_sign_in: {
    status: 409,
    description: 'the person can already sign in (a password, another credential or a single sign-on link)',
  },
  app_user_disabled: { status: 409, description: 'the app user is disabled; enable them first' },
  temporary_password_not_allowed: {
    status: 409,
    description: 'the user chose their own password or signs in through single sign-on',
  },
  unknown_app_role: {
    status: 422,
    description:
      'role names that are neither built-in nor custom app roles of the workspace; `errors` names each',
  },
  password_option_required: {
    status: 422,
    description: 'add needs exactly one of `password` and `generate_password: true`',
  },
  generated_password_is_temporary: {
    status: 422,
    description: 'a generated password is always temporary (`temporary_password: false` with it)',
  },
  invalid_sign_in_app: {
    status: 422,
    description: '`app_id` is archived, or not a `shell_federated` or `standalone` app',
  },
  invalid_page: { status: 422, description: '`first` or `limit` out of range' },
  invite_resend_too_soon: {
    status: 429,
    description: 'an invitation email went out less than a minute ago',
  },
  invite_resend_limit: {
    status: 429,
    description: 'five resends already in the 24 hours counted from the first resend',
  },
  invite_link_limit: { status: 429, description: 'ten invite links for this user in the last hour' },
  too_many_redeem_attempts: {
    status: 429,
    description: 'five failed attempts with this link in 10 minutes',
  },
  password_not_saved: {
    status: 502,
    description: 'the password could not be saved; nothing changed (a link stays usable): retry',
  },
  password_save_timeout: {
    status: 504,
    description: 'setting the password timed out; it may or may not be set: retry (temporary-password)',
  },
  tenant_alias_taken: { status: 409, description: 'another tenant of the workspace has this alias' },
  invalid_tenant_alias: {
    status: 422,
    description: 'an alias is 1 to 63 lowercase letters, digits, `-` or `_`, starting with a letter or digit',
  },
  invalid_tenant_domains: {
    status: 422,
    description: '`domains` holds something that is not a domain name, or more than 50',
  },
  tenant_member_not_found: { status: 404, description: 'the user is not a member of this tenant' },
  user_id_or_email: { status: 422, description: 'send exactly one of `user_id` and `email`' },
  // The code-execution proxy and workload deploy and run (docs/upstreams.md).
  app_kind_has_no_coderunner: {
    status: 400,
    description: 'the code-execution proxy applies to `standalone` and legacy `coderunner` apps only',
  },
  coderunner_no_definition: { status: 409, description: 'create a definition for the app first' },
  coderunner_no_version: { status: 409, description: 'upload code first, or name the version to deploy' },
  coderunner_version_not_ready: {
    status: 409,
    description: 'the version is not Completed (3) yet: poll it, then deploy',
  },
  coderunner_not_deployed: { status: 409, description: 'nothing to run: deploy a version first' },
  code_not_zip: { status: 422, description: '`file` is not a ZIP archive' },
  code_upload_too_large: { status: 413, description: 'a code upload is at most 32 MiB' },
  invalid_upload: {
    status: 422,
    description: 'not `multipart/form-data` with one `file` and at most one `Description`',
  },
  invalid_deployment_type: { status: 422, description: '`deploymentType` is not 1, 2, 3 or 4' },
  invalid_language_type: { status: 422, description: '`languageType` is not 1, 2 or 3' },
  invalid_deployment_configuration: {
    status: 422,
    description: 'a CPU or memory size, or a cron expression, of an unexpected shape',
  },
  secret_injection_disabled: {
    status: 422,
    description: '`inject_secret_keys`: deploy-time secret injection is off platform-wide',
  },
  deployment_url_mismatch: {
    status: 422,
    description: "`deployment_url` is not the deployment's `externalEndpoint`",
  },
  coderunner_bad_request: {
    status: 400,
    description: 'the code-execution service answered 400; its message',
  },
  coderunner_forbidden: { status: 403, description: 'the code-execution service answered 403; its message' },
  coderunner_not_found: {
    status: 404,
    description: 'the code-execution service has no such definition, version or deployment; its message',
  },
  coderunner_conflict: { status: 409, description: 'the code-execution service answered 409; its message' },
  coderunner_gone: { status: 410, description: 'the code-execution service answered 410; its message' },
  coderunner_too_large: { status: 413, description: 'the code-execution service answered 413; its message' },
  coderunner_unprocessable: {
    status: 422,
    description: 'the code-execution service answered 422; its message',
  },
  coderunner_rate_limited: {
    status: 429,
    description: 'the code-execution service answered 429; retry after `Retry-After`',
  },
  coderunner_rejected: {
    status: '4XX',
    // Not under the statuses that have a code of their own (above).
    except: Object.keys(PASSED_THROUGH).map(Number),
    description:
      'the code-execution service answered another 4xx (401, 405, 408, …): the same status, its message',
  },
  coderunner_unavailable: {
    status: 502,
    description: 'the code-execution service cannot be reached or failed (5xx)',
  },
  coderunner_invalid_answer: {
    status: 502,
    description: 'the code-execution service answered without the expected envelope or id',
  },
  coderunner_not_configured: {
    status: 503,
    description: 'no code-execution service is configured on this installation (`CODERUNNER_URL`)',
  },
  coderunner_timeout: { status: 504, description: 'the code-execution service did not answer in time' },

  // The model gateway (docs/upstreams.md).
  model_gateway_not_configured: {
    status: 502,
    description: 'no model gateway is configured on this installation (`LLM_GATEWAY_URL`)',
  },
  model_gateway_unavailable: {
    status: 502,
    description: 'the model gateway could not mint or revoke the key; nothing changed',
  },

  // Served by the platform itself.
  database_unavailable: {
    status: 503,
    description: 'the database cannot be reached right now; retry after `Retry-After`',
  },
  not_ready: { status: 503, description: 'the database does not answer' },
} as const satisfies Record<
  string,
  { status: number | '4XX'; description: string; except?: readonly number[] }
>;

export type ProblemCode = keyof typeof PROBLEM_CODES;
