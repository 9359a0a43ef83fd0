import { createHash } from 'node:crypto';
import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, Router } from 'express';
import { PutFlagDto } from '../dto/flag.dto';
import { FlagSchema, flagJson } from '../mappers/secrets.mapper';
import { principalOf, requireCaller, requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { Operation } from '../openapi/operation';
import type { ProblemCode } from '../openapi/problem-codes';
import { Dictionary, Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/flags';

const FlagList = Resource('FlagList', { flags: Type.Array(FlagSchema) });
const RuntimeFlags = Dictionary(Type.Unknown(), 'every flag of the workspace: key → value');

/** A weak validator of the body's bytes: equal flags give equal tags across processes. */
const weakEtag = (body: string) =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * The last body and tag of each workspace's runtime flags. Apps poll far
 * more often than flags change, so the tag is hashed once per change, not
 * per poll; comparing the body is what keeps it exact. Bounded: bodies up to
 * 16 KB, of the last 1,000 workspaces hashed (16 MB at most); anything else
 * is simply hashed each time.
 */
class EtagMemo {
  private readonly last = new Map<string, { readonly body: string; readonly etag: string }>();
  constructor(
    private readonly entries: number,
    private readonly maxBodyLength: number,
  ) {}

  of(workspaceId: string, body: string): string {
    const known = this.last.get(workspaceId);
    if (known?.body === body) return known.etag;
    const etag = weakEtag(body);
    this.last.delete(workspaceId);
    if (body.length > this.maxBodyLength) return etag;
    this.last.set(workspaceId, { body, etag });
    if (this.last.size > this.entries) this.last.delete(this.last.keys().next().value as string);
    return etag;
  }
}

/** RFC 9110 §13.1.2: weak comparison; `*` matches any current representation. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];

/**
 * The key a write names. The `runtime` route matches any letter case, as
 * every route does, so there the key is the segment as written: `Runtime`
 * is an ordinary key (keys are case-sensitive), only `runtime` is reserved.
 */
const flagKeyOf = (req: Request): string =>
  param(req.params.key ?? req.path.replace(/\/+$/, '').split('/').pop() ?? 'runtime');

/** Supplement §18. Writes are team-only (M2M tokens 403); both reads take M2M tokens too. */
export function flagsRoutes(useCases: UseCases): Router {
  const etags = new EtagMemo(1_000, 16 * 1024);
  const router = apiRouter('Flags');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const userId = (res: Parameters<typeof teamPrincipal>[0]) => teamPrincipal(res).userId;

  const put = (id: string): Operation => ({
    id,
    summary: 'Set a flag',
    description: 'The value is any JSON value (null included). Team members only.',
    callers: ['team'],
    body: PutFlagDto,
    responses: { 200: FlagSchema },
    errors: [...WRITE, 'invalid_flag_key', 'reserved_flag_key', 'invalid_flag_value', 'limit_reached'],
    handlers: [
      team,
      ws,
      async (req, res) => {
        const body = parseBody(PutFlagDto, req.body);
        const flag = await useCases.flags.put.execute({
          userId: userId(res),
          workspaceId: param(req.params.workspace_id),
          key: flagKeyOf(req),
          value: body.value,
          context: userContext(req, res),
        });
        res.json(flagJson(flag));
      },
    ],
  });
  const remove = (id: string): Operation => ({
    id,
    summary: 'Delete a flag',
    description: 'Team members only.',
    callers: ['team'],
    responses: { 204: null },
    errors: [...WRITE, 'invalid_flag_key', 'reserved_flag_key', 'flag_not_found'],
    handlers: [
      team,
      ws,
      async (req, res) => {
        await useCases.flags.delete.execute({
          userId: userId(res),
          workspaceId: param(req.params.workspace_id),
          key: flagKeyOf(req),
          context: userContext(req, res),
        });
        res.status(204).end();
      },
    ],
  });

  const reserved = {
    summary: 'Refused: `runtime` is a reserved flag key',
    description: 'Always 400 `reserved_flag_key` for a caller who may write flags.',
    responses: {},
    errors: [...WRITE, 'reserved_flag_key'],
  } satisfies Partial<Operation>;

  // Reads take team members and M2M tokens (spec: M2M tokens are read-only on flags).
  const reader = requireCaller(useCases, { kinds: ['team', 'm2m', 'workload'] });
  // The values apps poll also take app users' tokens of the workspace (spec: "flag values").
  const runtimeReader = requireCaller(useCases, { kinds: ['team', 'm2m', 'workload', 'app_user'] });

  route(router, BASE, {
    get: {
      id: 'listFlags',
      summary: 'The flags of a workspace',
      callers: ['team', 'm2m', 'workload'],
      responses: { 200: FlagList },
      errors: READ,
      handlers: [
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
    },
  });

  route(router, `${BASE}/runtime`, {
    get: {
      id: 'getRuntimeFlags',
      summary: 'Every flag as one key → value object, for apps',
      description:
        'Answers an `ETag`; send it back as `If-None-Match` to get 304 while nothing changed. ' +
        'Clients may keep a copy but must revalidate it every time.',
      callers: ['team', 'm2m', 'workload', 'app_user'],
      responses: {
        200: {
          schema: RuntimeFlags,
          headers: { ETag: { description: 'a weak validator of the flags', schema: Type.String() } },
        },
        304: null,
      },
      errors: READ,
      handlers: [
        runtimeReader,
        ws,
        async (req, res) => {
          const values = await useCases.flags.runtime.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
          });
          const body = JSON.stringify(values);
          const etag = etags.of(param(req.params.workspace_id), body);
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
    },
    // `runtime` is reserved: writing it is the domain's 400, not a 405.
    put: { ...put('putRuntimeFlag'), ...reserved },
    delete: { ...remove('deleteRuntimeFlag'), ...reserved },
  });

  route(router, `${BASE}/:key`, { put: put('putFlag'), delete: remove('deleteFlag') });

  return router;
}
