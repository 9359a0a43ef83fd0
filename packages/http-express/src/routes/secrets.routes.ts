import { DomainError, forbidden, type UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, RequestHandler, Router } from 'express';
import { callerContext } from '../caller-context';
import {
  CompareSecretsQueryDto,
  PromoteSecretsDto,
  SecretSetQueryDto,
  UpsertSecretDto,
} from '../dto/secret.dto';
import {
  PromotionSchema,
  promotionJson,
  SecretComparisonSchema,
  secretComparisonJson,
} from '../mappers/promotion.mapper';
import {
  RevealedSecretSchema,
  revealedSecretJson,
  SecretListItemSchema,
  SecretMetadataSchema,
  secretListItemJson,
  secretMetadataJson,
} from '../mappers/secrets.mapper';
import { principalOf, requireCaller } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Nullable, Resource, Uuid } from '../openapi/schema';
import { addOperation, apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody, parseQuery } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/secrets';

const SecretList = Resource('SecretList', {
  secrets: Type.Array(SecretListItemSchema),
  environment_id: Nullable(Uuid('the set listed; null: the workspace-wide set')),
});

/** Without `environment_id` (or with it empty) the workspace-wide set; with it, that environment's set. */
const environmentOf = (req: Request): string | null =>
  parseQuery(SecretSetQueryDto, req.query).environment_id?.toLowerCase() ?? null;

const COMPARE_PARAMS = ['source_environment_id', 'target_environment_id'] as const;

/** Whether a `GET /secrets/compare` names the compare route (either parameter) or the secret `compare`. */
const asksToCompare = (req: Request): boolean => COMPARE_PARAMS.some((name) => req.query[name] !== undefined);

/** Both compare parameters (ids in lower case, as stored), or one 422 naming each one missing. */
function compareQuery(req: Request): { source: string; target: string } {
  const query = parseQuery(CompareSecretsQueryDto, req.query);
  return {
    source: query.source_environment_id.toLowerCase(),
    target: query.target_environment_id.toLowerCase(),
  };
}

/** Who may reach a workspace's secrets at all (the M2M table of the spec included). */
const ACCESS: ProblemCode[] = ['workspace_not_found', 'permission_denied', 'environment_not_found'];
const READ: ProblemCode[] = [...ACCESS, 'missing_scope'];
const WRITE: ProblemCode[] = [...ACCESS, 'm2m_read_only', 'workspace_frozen', 'organization_suspended'];
const PAIR: ProblemCode[] = ['identical_environments', 'environment_inactive', 'secret_store_unavailable'];

/**
 * Spec: Secrets. Team members and M2M clients reach every route; the domain
 * applies the permissions and the M2M access table (reads with
 * `secrets:read`, every write 403).
 */
export function secretsRoutes(useCases: UseCases): Router {
  const router = apiRouter('Secrets');
  const caller = requireCaller(useCases, { kinds: ['team', 'm2m'] });
  const ws = uuidParams('workspace_id');
  // The M2M table refuses every write whatever the body: answer before parsing it.
  const noM2m: RequestHandler = (_req, res, next) => {
    if (principalOf(res).kind === 'm2m')
      throw forbidden('m2m_read_only', 'M2M tokens are read-only on secrets');
    next();
  };
  const set = (req: Request, res: Parameters<RequestHandler>[1]) => ({
    caller: principalOf(res),
    workspaceId: param(req.params.workspace_id),
    environmentId: environmentOf(req),
  });

  route(router, BASE, {
    get: {
      id: 'listSecrets',
      summary: 'The keys of a secret set (never the values)',
      callers: ['team', 'm2m'],
      query: SecretSetQueryDto,
      responses: { 200: SecretList },
      errors: READ,
      handlers: [
        caller,
        ws,
        async (req, res) => {
          const input = set(req, res);
          const secrets = await useCases.secrets.list.execute(input);
          res.json({ secrets: secrets.map(secretListItemJson), environment_id: input.environmentId });
        },
      ],
    },
  });

  // `compare` and `promote` are valid secret keys (spec: Secret), so these two
  // paths are also key routes: GET /secrets/compare is the compare route when
  // it carries a compare parameter, POST /secrets/promote the promote route;
  // every other method and form falls through to `/secrets/:key` below.
  addOperation(router, 'get', `${BASE}/compare`, {
    id: 'compareSecrets',
    summary: 'Which keys two environments share, and whether their values match',
    description:
      'Never the values. Without either parameter, GET on this path reads the secret named `compare` ' +
      '(`revealSecret`). Platform-managed keys are left out.',
    callers: ['team', 'm2m'],
    query: CompareSecretsQueryDto,
    responses: { 200: SecretComparisonSchema },
    errors: [...READ, ...PAIR],
    handlers: [
      (req, _res, next) => next(asksToCompare(req) ? undefined : 'route'),
      caller,
      ws,
      async (req, res) => {
        const { source, target } = compareQuery(req);
        const keys = await useCases.secrets.compare.execute({
          caller: principalOf(res),
          workspaceId: param(req.params.workspace_id),
          sourceEnvironmentId: source,
          targetEnvironmentId: target,
        });
        res.json(secretComparisonJson(source, target, keys));
      },
    ],
  });

  addOperation(router, 'post', `${BASE}/promote`, {
    id: 'promoteSecrets',
    summary: 'Copy secrets from one environment to another',
    description:
      'All keys, or the `keys` given. `mode` `skip_existing` (default) keeps keys the target has; `overwrite` ' +
      'replaces them. `dry_run` answers what would happen and writes nothing. Team members only.',
    callers: ['team', 'm2m'],
    body: PromoteSecretsDto,
    responses: { 200: PromotionSchema },
    errors: [...WRITE, ...PAIR, 'invalid_mode', 'invalid_secret_key'],
    handlers: [
      caller,
      ws,
      noM2m,
      async (req, res) => {
        const body = parseBody(PromoteSecretsDto, req.body);
        const source = body.source_environment_id.toLowerCase();
        const target = body.target_environment_id.toLowerCase();
        const result = await useCases.secrets.promote.execute({
          caller: principalOf(res),
          workspaceId: param(req.params.workspace_id),
          sourceEnvironmentId: source,
          targetEnvironmentId: target,
          keys: body.keys,
          mode: body.mode,
          dryRun: body.dry_run,
          context: callerContext(req, res),
        });
        res.json(promotionJson(source, target, result));
      },
    ],
  });

  route(
    router,
    `${BASE}/:key`,
    {
      get: {
        id: 'revealSecret',
        summary: 'Read a secret’s value',
        description: 'Audited as `secret.revealed`. M2M tokens need the `secrets:read` scope.',
        callers: ['team', 'm2m'],
        query: SecretSetQueryDto,
        responses: { 200: RevealedSecretSchema },
        errors: [...READ, 'secret_not_found', 'invalid_secret_key', 'secret_store_unavailable'],
        handlers: [
          caller,
          ws,
          async (req, res) => {
            const key = param(req.params.key);
            try {
              const { secret, value } = await useCases.secrets.reveal.execute({
                ...set(req, res),
                key,
                context: callerContext(req, res),
              });
              res.json(revealedSecretJson(secret, value));
            } catch (err) {
              // No secret named `compare`: the caller most likely meant the compare route.
              if (key === 'compare' && err instanceof DomainError && err.code === 'secret_not_found') {
                compareQuery(req);
              }
              throw err;
            }
          },
        ],
      },
      put: {
        id: 'putSecret',
        summary: 'Create or replace a secret',
        description:
          '201 when the key is new, 200 when its value was replaced. The answer never holds the value. ' +
          'Omitting `description` keeps it; null clears it. Team members only.',
        callers: ['team', 'm2m'],
        query: SecretSetQueryDto,
        body: UpsertSecretDto,
        responses: { 200: SecretMetadataSchema, 201: SecretMetadataSchema },
        errors: [
          'limit_reached',
          ...WRITE,
          'platform_managed_secret',
          'invalid_secret_key',
          'invalid_secret_value',
          'invalid_secret_description',
          'secret_store_unavailable',
          'duplicate',
        ],
        handlers: [
          caller,
          ws,
          noM2m,
          async (req, res) => {
            const body = parseBody(UpsertSecretDto, req.body);
            const { secret, created } = await useCases.secrets.upsert.execute({
              ...set(req, res),
              key: param(req.params.key),
              value: body.value,
              description: body.description,
              context: callerContext(req, res),
            });
            res.status(created ? 201 : 200).json(secretMetadataJson(secret));
          },
        ],
      },
      delete: {
        id: 'deleteSecret',
        summary: 'Delete a secret',
        description: 'Team members only.',
        callers: ['team', 'm2m'],
        query: SecretSetQueryDto,
        responses: { 204: null },
        errors: [...WRITE, 'platform_managed_secret', 'invalid_secret_key', 'secret_not_found'],
        handlers: [
          caller,
          ws,
          noM2m,
          async (req, res) => {
            await useCases.secrets.delete.execute({
              ...set(req, res),
              key: param(req.params.key),
              context: callerContext(req, res),
            });
            res.status(204).end();
          },
        ],
      },
    },
    // A reveal is audited: HEAD would record `secret.revealed` without showing anything.
    { head: false },
  );

  return router;
}
