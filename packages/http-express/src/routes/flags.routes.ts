import { createHash } from 'node:crypto';
import type { UseCases } from '@groundfloor/domain';
import { type RequestHandler, Router } from 'express';
import { PutFlagDto } from '../dto/flag.dto';
import { flagJson } from '../mappers/secrets.mapper';
import { principalOf, requireCaller, requireTeam, teamPrincipal } from '../middleware/authenticate';
import { userContext } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/flags';

/** A weak validator of the body's bytes: equal flags give equal tags across processes. */
const weakEtag = (body: string) =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** RFC 9110 §13.1.2: weak comparison; `*` matches any current representation. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Supplement §18. Writes are team-only (M2M tokens 403); both reads take M2M tokens too. */
export function flagsRoutes(useCases: UseCases): Router {
  const router = Router();
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const userId = (res: Parameters<typeof teamPrincipal>[0]) => teamPrincipal(res).userId;

  const put: RequestHandler[] = [
    team,
    ws,
    async (req, res) => {
      const body = parseBody(PutFlagDto, req.body);
      const flag = await useCases.flags.put.execute({
        userId: userId(res),
        workspaceId: param(req.params.workspace_id),
        key: param(req.params.key ?? 'runtime'),
        value: body.value,
        context: userContext(req, res),
      });
      res.json(flagJson(flag));
    },
  ];
  const remove: RequestHandler[] = [
    team,
    ws,
    async (req, res) => {
      await useCases.flags.delete.execute({
        userId: userId(res),
        workspaceId: param(req.params.workspace_id),
        key: param(req.params.key ?? 'runtime'),
        context: userContext(req, res),
      });
      res.status(204).end();
    },
  ];

  // Reads take team members and M2M tokens (spec: M2M tokens are read-only on flags).
  const reader = requireCaller(useCases, { kinds: ['team', 'm2m'] });

  route(router, BASE, {
    get: [
      reader,
      ws,
      async (req, res) => {
        const flags = await useCases.flags.list.execute({
          caller: principalOf(res),
          workspaceId: param(req.params.workspace_id),
        });
        res.json({ flags: flags.map(flagJson) });
      },
    ],
  });

  route(router, `${BASE}/runtime`, {
    get: [
      reader,
      ws,
      async (req, res) => {
        const values = await useCases.flags.runtime.execute({
          caller: principalOf(res),
          workspaceId: param(req.params.workspace_id),
        });
        const body = JSON.stringify(values);
        const etag = weakEtag(body);
        // Apps may keep a copy but must revalidate it every time (a flag flips at once).
        res.setHeader('Cache-Control', 'private, no-cache');
        res.setHeader('ETag', etag);
        if (matches(req.get('if-none-match'), etag)) {
          res.status(304).end();
          return;
        }
        res.type('application/json').send(body);
      },
    ],
    // `runtime` is reserved: writing it is the domain's 400, not a 405.
    put,
    delete: remove,
  });

  route(router, `${BASE}/:key`, { put, delete: remove });

  return router;
}
