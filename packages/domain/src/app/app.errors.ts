import { conflict, gone, invalid, malformed, notFound } from '../shared/domain-error';

/*
 * The Apps rows of the spec's Errors table that concern apps themselves
 * (workload rows: workload.errors.ts). Statuses come from the kinds:
 * 400 malformed, 404 not_found, 409 conflict, 410 gone, 422 invalid.
 */

/** 404: no app with this id (or slug) in the workspace. */
export const appNotFound = () => notFound('app_not_found', 'no such app in this workspace');

/** 409: another app of the workspace, archived or not, has this slug. */
export const appSlugTaken = (slug: string) =>
  conflict('app_slug_taken', `an app with the slug '${slug}' already exists in this workspace`);

/** 409: restore of an app that is not archived. */
export const appNotArchived = () => conflict('app_not_archived', 'the app is not archived');

/** 410: the app is archived; restore it first (release, domain and change routes). */
export const appArchived = () => gone('app_archived', 'the app is archived; restore it first');

/** 400: releases (and Shell configuration) exist only for `shell_federated` apps. */
export const appNotShellFederated = () =>
  malformed('app_not_shell_federated', 'this route applies to shell_federated apps only');

/** 400: custom domains exist only for `standalone` and legacy `coderunner` apps. */
export const appKindHasNoDomains = () =>
  malformed('app_kind_has_no_domains', 'custom domains apply to standalone and coderunner apps only');

/** 422: the list's `kind` filter names no known filter. */
export const appKindFilterInvalid = (value: string) =>
  invalid(
    'app_kind_filter_invalid',
    `kind '${value}' is not one of product, shell_federated, standalone, all, coderunner`,
    [{ field: 'kind', message: 'must be product, shell_federated, standalone, all or coderunner' }],
  );

/** 422: `app_kind` is unknown, or `coderunner`, which no new app may have. */
export const appKindNotCreatable = (value: string) =>
  invalid(
    'app_kind_not_creatable',
    value === 'coderunner'
      ? 'app_kind coderunner is a legacy kind and cannot be created; use standalone'
      : `app_kind '${value}' is not one of shell_federated, standalone`,
    [{ field: 'app_kind', message: 'must be shell_federated or standalone' }],
  );

/** 422: a standalone app needs a primary workload. */
export const primaryWorkloadRequired = () =>
  invalid('primary_coderunner_required', 'a standalone app needs primary_coderunner_id', [
    { field: 'primary_coderunner_id', message: 'required for standalone apps' },
  ]);

/** 422: no environment named and none to default to (no active `dev`; none or several active ones). */
export const appEnvironmentRequired = (activeCount: number) =>
  invalid(
    'environment_required',
    activeCount === 0
      ? 'the workspace has no active environment: activate one (a single active one is the default)'
      : 'name environment_id: the workspace has no active dev environment and more than one active environment',
    [
      {
        field: 'environment_id',
        message:
          activeCount === 0 ? 'no environment of this workspace is active' : 'required in this workspace',
      },
    ],
  );

/** 422: the manifest must be a JSON object. */
export const invalidManifest = () =>
  invalid('invalid_manifest', 'manifest must be a JSON object', [
    { field: 'manifest', message: 'must be a JSON object' },
  ]);

/** 422: `git_repo_url` is empty, multi-line or too long. */
export const invalidGitRepoUrl = (max: number) =>
  invalid('invalid_git_repo_url', `git_repo_url must be one line of 1 to ${max} characters`, [
    { field: 'git_repo_url', message: `one line of 1 to ${max} characters` },
  ]);
