import { conflict, invalid, malformed, notFound } from '../shared/domain-error';

/* Workspace sign-in configuration errors (spec: Errors, Sign-in rows). */

/** 400: DELETE auth/platform with a `confirm_name` that is not the workspace's name (trimmed, any case). */
export const confirmNameMismatch = () =>
  malformed(
    'confirm_name_mismatch',
    "confirm_name must be the workspace's name (letter case and spaces around it do not matter)",
  );

/** 409: DELETE auth/platform while the mode is `platform`; switch the mode first. */
export const platformSignInInUse = () =>
  conflict(
    'platform_sign_in_in_use',
    "the sign-in mode is 'platform': set the mode to 'none' or 'external' before deleting platform sign-in",
  );

/** 409: multi-tenant turned on without active platform sign-in. */
export const platformSignInRequired = (what: string) =>
  conflict('platform_sign_in_required', `${what} requires active platform sign-in (mode 'platform')`);

/** 422: `mode` is not one of `none`, `platform`, `external`. */
export const invalidSignInMode = () =>
  invalid('invalid_sign_in_mode', 'mode must be none, platform or external', [
    { field: 'mode', message: 'must be none, platform or external' },
  ]);

/** 422: `external` is not a JSON object within the size limit. */
export const invalidExternalSettings = (why: string) =>
  invalid('invalid_external_settings', `external ${why}`, [{ field: 'external', message: why }]);

/** 409: another workspace claims this custom sign-in host (pending or verified). */
export const signInHostTaken = () =>
  conflict('sign_in_host_taken', 'another workspace already claims this custom sign-in host');

/** 409: the host is a custom domain of an app, or a host of the platform itself. */
export const signInHostCollides = () =>
  conflict(
    'sign_in_host_collides',
    "this host is an app's custom domain or a host of the platform; choose another host",
  );

/** 409: verification needs a custom sign-in host; set `host.custom_domain` first. */
export const noSignInHost = () =>
  conflict(
    'sign_in_host_not_set',
    'no custom sign-in host is set: set host.custom_domain with PUT auth first',
  );

/** 404: the workspace has no such sign-in item (SSO connection, …). */
export const signInItemNotFound = (code: string, what: string) =>
  notFound(code, `the workspace has no such ${what}`);
