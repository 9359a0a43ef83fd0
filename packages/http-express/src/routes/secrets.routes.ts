import { DomainError, forbidden, invalid, type UseCases } from '@groundfloor/domain';
import { type Request, type RequestHandler, Router } from 'express';
import { callerContext, queryText } from '../caller-context';
import { PromoteSecretsDto, UpsertSecretDto } from '../dto/secret.dto';
import { revealedSecretJson, secretListItemJson, secretMetadataJson } from '../mappers/secrets.mapper';
import { principalOf, requireCaller } from '../middleware/authenticate';
import { param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/secrets';

/** Without `environment_id` (or with it empty) the workspace-wide set; with it, that environment's set. */
const environmentOf = (req: Request): string | null =>
  queryText(req, 'environment_id')?.toLowerCase() || null;

const COMPARE_PARAMS = ['source_environment_id', 'target_environment_id'] as const;

/** Whether a `GET /secrets/compare` names the compare route (either parameter) or the secret `compare`. */
const asksToCompare = (req: Request): boolean => COMPARE_PARAMS.some((name) => req.query[name] !== undefined);

/** Both compare parameters (ids in lower case, as stored), or one 422 naming each one missing. */
function compareQuery(req: Request): { source: string; target: string } {
  const source = queryText(req, 'source_environment_id')?.toLowerCase() ?? '';
  const target = queryText(req, 'target_environment_id')?.toLowerCase() ?? '';
  const missing = COMPARE_PARAMS.filter((_, i) => (i === 0 ? source : target) === '');
  if (missing.length > 0) {
    throw invalid(
      'validation_failed',
      `compare needs ${missing.join(' and ')}`,
      missing.map((field) => ({ field, message: 'required' })),
    );
  }
  return { source, target };
}

/**
 * Spec: Secrets. Team members and M2M clients reach every route; the domain
 * applies the permissions and the M2M access table (reads with
 * `secrets:read`, every write 403).
 */
export function secretsRoutes(useCases: UseCases): Router {
  const router = Router();
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
    get: [
      caller,
      ws,
      async (req, res) => {
        const input = set(req, res);
        const secrets = await useCases.secrets.list.execute(input);
        res.json({ secrets: secrets.map(secretListItemJson), environment_id: input.environmentId });
      },
    ],
  });

  // `compare` and `promote` are valid secret keys (spec: Secret), so these two
  // paths are also key routes: GET /secrets/compare is the compare route when
  // it carries a compare parameter, POST /secrets/promote the promote route;
  // every other method and form falls through to `/secrets/:key` below.
  router.get(
    `${BASE}/compare`,
    (req, _res, next) => next(asksToCompare(req) ? undefined : 'route'),
    caller,
    ws,
    async (req, res) => {
      const { source: sourceEnvironmentId, target: targetEnvironmentId } = compareQuery(req);
      const keys = await useCases.secrets.compare.execute({
        caller: principalOf(res),
        workspaceId: param(req.params.workspace_id),
        sourceEnvironmentId,
        targetEnvironmentId,
      });
      res.json({
        source_environment_id: sourceEnvironmentId,
        target_environment_id: targetEnvironmentId,
        keys,
      });
    },
  );

  router.post(`${BASE}/promote`, caller, ws, noM2m, async (req, res) => {
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
    res.json({
      source_environment_id: source,
      target_environment_id: target,
      mode: result.mode,
      dry_run: result.dryRun,
      copied: result.copied,
      skipped: result.skipped,
      failed: result.failed,
    });
  });

  route(
    router,
    `${BASE}/:key`,
    {
      get: [
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
      put: [
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
      delete: [
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
    // A reveal is audited: HEAD would record `secret.revealed` without showing anything.
    { head: false },
  );

  return router;
}
