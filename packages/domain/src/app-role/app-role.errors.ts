import { conflict, invalid, notFound } from '../shared/domain-error';
import { Limits } from '../shared/limits';

/* App role errors (spec: Errors, Sign-in 422 "unknown permission IDs"). */

/** 422: the name is not 1 to 64 lowercase letters, digits, `_` or `-`. */
export const invalidAppRoleName = () =>
  invalid(
    'invalid_app_role_name',
    `an app role name is 1 to ${Limits.appRoleNameMax} lowercase letters, digits, _ or -`,
    [{ field: 'name', message: `1 to ${Limits.appRoleNameMax} of a-z, 0-9, _ or -` }],
  );

/** 409: a built-in role (`viewer`, `user`, `admin`) has that name. */
export const builtinAppRoleName = (name: string) =>
  conflict('app_role_builtin', `'${name}' is a built-in app role; change it with PATCH instead`);

/** 409: the workspace already has a custom role of that name. */
export const appRoleExists = (name: string) =>
  conflict('app_role_exists', `the workspace already has an app role named '${name}'`);

/** 404: neither a built-in nor a custom role of the workspace. */
export const appRoleNotFound = () => notFound('app_role_not_found', 'the workspace has no such app role');

/** 422 naming every permission ID missing from the catalog, one field error each. */
export const unknownPermissions = (ids: readonly string[]) =>
  invalid(
    'unknown_permission',
    `not in the permission catalog: ${ids.join(', ')}`,
    ids.map((id) => ({ field: 'permissions', message: `unknown permission ID '${id}'` })),
  );

/** 422: a description longer than the limit, or not text. */
export const invalidAppRoleDescription = () =>
  invalid(
    'invalid_app_role_description',
    `description is at most ${Limits.appRoleDescriptionMax} characters`,
    [{ field: 'description', message: `at most ${Limits.appRoleDescriptionMax} characters` }],
  );
