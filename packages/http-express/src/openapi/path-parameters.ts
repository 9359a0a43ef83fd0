import { SCOPE_TYPES } from '../mappers/resources.mapper';
import type { JsonSchema } from './dto-schema';

interface PathParameter {
  readonly description: string;
  readonly schema: JsonSchema;
  /** Checked by `uuidParams`: anything but a UUID answers 404 `not_found`. */
  readonly uuid: boolean;
  /** A wildcard (`*name`): one or more segments, `/` included (`x-multi-segment` in the document). */
  readonly multiSegment?: boolean;
}

const uuid = (description: string): PathParameter => ({
  description,
  schema: { type: 'string', format: 'uuid' },
  uuid: true,
});

/**
 * Every path parameter the API uses, by name. A route with a parameter not
 * listed here fails when the document is built: name it here once.
 */
export const PATH_PARAMETERS: Readonly<Record<string, PathParameter>> = {
  organization_id: uuid('an organization id'),
  account_id: uuid('an organization id, by its older name (an organization is also called an account)'),
  workspace_id: uuid('a workspace id'),
  environment_id: uuid('an environment id of the workspace'),
  client_id: uuid("an M2M client's `client_id`"),
  membership_id: uuid('a membership id'),
  ticket_id: uuid('a support ticket id'),
  scope_id: uuid('the organization or workspace id'),
  scope_type: {
    description: '`account` (an organization) or `workspace`; anything else is 400 `invalid_scope_type`',
    schema: { type: 'string', enum: [...SCOPE_TYPES] },
    uuid: false,
  },
  key: { description: 'the key, as written (case-sensitive)', schema: { type: 'string' }, uuid: false },
  coderunner_id: uuid('a workload id of the workspace'),
  slug: { description: "an app's slug", schema: { type: 'string' }, uuid: false },
  name: { description: "a data collection's name", schema: { type: 'string' }, uuid: false },
  // Releases and custom domains.
  app_id: uuid('an app id of the workspace'),
  release_id: uuid('a release id of the app'),
  domain: {
    description: 'the custom domain, in any form of the same name (capitals, Unicode or punycode)',
    schema: { type: 'string' },
    uuid: false,
  },
  // The code-execution proxy.
  app_slug: {
    description: 'the slug of a `standalone` (or legacy `coderunner`) app of the workspace',
    schema: { type: 'string' },
    uuid: false,
  },
  versionId: {
    description: "a version id of the code-execution service (the upload's `data.versionId`)",
    schema: { type: 'string' },
    uuid: false,
  },
  path: {
    description: 'a file of the release, relative to its root; may contain `/` (`dist/remoteEntry.js`)',
    schema: { type: 'string' },
    uuid: false,
    multiSegment: true,
  },
  // Workspace sign-in.
  role_name: {
    description: "an app role's name (built-in or custom)",
    schema: { type: 'string' },
    uuid: false,
  },
  connection_id: uuid('an SSO connection id of the workspace'),
  user_id: uuid("an app user's id (their `sub`) in the workspace"),
  tenant_id: uuid('a tenant id of the workspace'),
  kind: {
    description: 'a branding image: `logo`, `favicon` or `login_background`',
    schema: { type: 'string', enum: ['logo', 'favicon', 'login_background'] },
    uuid: false,
  },
};

/**
 * `/v1/things/:thing_id` → `/v1/things/{thing_id}` and the names in order.
 * A wildcard (`*path`, one or more segments) is a parameter too: OpenAPI
 * has no multi-segment parameter, so its description says it takes `/`.
 */
export function openApiPath(expressPath: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = expressPath.replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path, names };
}
