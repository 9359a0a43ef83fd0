import { invalid, malformed, type UseCases, unauthenticated } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import express, { type Request, type Router } from 'express';
import { CreateM2mClientDto, M2mTokenFormDto, M2mTokenJsonDto } from '../dto/m2m.dto';
import { M2mTokenSchema, m2mTokenJson } from '../mappers/account.mapper';
import { M2mClientSchema, m2mClientJson } from '../mappers/secrets.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { clientIp, userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const M2mClientList = Resource('M2mClientList', { clients: Type.Array(M2mClientSchema) });
const CreatedM2mClient = Resource(
  'CreatedM2mClient',
  {
    ...M2mClientSchema.properties,
    client_secret: Type.String({ description: 'shown this once: only its hash is kept' }),
  },
  'A new M2M client with its secret',
);

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];

const invalidClient = () => unauthenticated('invalid_client', 'unknown client or wrong client secret');

/** HTTP Basic credentials (RFC 6749 §2.3.1: each part form-urlencoded), or null. */
function basicCredentials(req: Request): { clientId: string; clientSecret: string } | null {
  const header = req.get('authorization') ?? '';
  if (!/^Basic(\s|$)/i.test(header)) return null;
  // Basic credentials that cannot be read are wrong credentials (RFC 6749: 401 invalid_client).
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) throw invalidClient();
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient();
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw invalidClient();
  }
}

const unsupportedGrant = () => malformed('unsupported_grant_type', 'grant_type must be client_credentials');
const CREDENTIAL_FIELDS = ['client_id', 'client_secret'] as const;
const given = (value: unknown): value is string => typeof value === 'string';

/**
 * The client's credentials from exactly one place: HTTP Basic, or the body
 * (JSON, or the OAuth 2.0 client-credentials form, which must name its grant).
 */
function credentials(req: Request): { clientId: string; clientSecret: string } {
  const basic = basicCredentials(req);
  const empty =
    req.body === undefined || (typeof req.body === 'object' && Object.keys(req.body ?? {}).length === 0);
  if (basic && empty && !req.is('application/x-www-form-urlencoded')) return basic;
  let body: { client_id?: string | null; client_secret?: string | null };
  if (req.is('application/x-www-form-urlencoded')) {
    const form = parseBody(M2mTokenFormDto, req.body);
    if (form.grant_type !== 'client_credentials') throw unsupportedGrant();
    body = form;
  } else {
    const json = parseBody(M2mTokenJsonDto, req.body);
    if (given(json.grant_type) && json.grant_type !== 'client_credentials') throw unsupportedGrant();
    const missing = CREDENTIAL_FIELDS.filter((field) => !given(json[field]));
    if (!basic && missing.length > 0) {
      throw invalid(
        'validation_failed',
        'client_id and client_secret are required (or HTTP Basic credentials)',
        missing.map((field) => ({ field, message: 'required' })),
      );
    }
    body = json;
  }
  const inBody = CREDENTIAL_FIELDS.filter((field) => given(body[field])).length;
  if (basic && inBody === 0) return basic;
  if (basic || !given(body.client_id) || !given(body.client_secret)) throw invalidClient();
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

/** Supplement §6: M2M clients (team routes) and the unauthenticated token exchange. */
export function m2mRoutes(useCases: UseCases): Router {
  const router = apiRouter('M2M clients');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const userId = (res: Parameters<typeof teamPrincipal>[0]) => teamPrincipal(res).userId;

  route(router, '/v1/workspaces/:workspace_id/m2m/clients', {
    get: {
      id: 'listM2mClients',
      summary: 'The M2M clients of a workspace',
      callers: ['team'],
      responses: { 200: M2mClientList },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const clients = await useCases.m2m.listClients.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
          });
          res.json({ clients: clients.map(m2mClientJson) });
        },
      ],
    },
    post: {
      id: 'createM2mClient',
      summary: 'Create an M2M client',
      description: 'The answer carries `client_secret` once; keep it, it cannot be read again.',
      callers: ['team'],
      body: CreateM2mClientDto,
      responses: { 201: CreatedM2mClient },
      errors: ['limit_reached', ...WRITE, 'invalid_name', 'invalid_scope'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CreateM2mClientDto, req.body);
          const { client, clientSecret } = await useCases.m2m.createClient.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
            name: body.name,
            scopes: body.scopes ?? [],
            context: userContext(req, res),
          });
          res.status(201).json({ ...m2mClientJson(client), client_secret: clientSecret });
        },
      ],
    },
  });

  route(router, '/v1/workspaces/:workspace_id/m2m/clients/:client_id', {
    delete: {
      id: 'deleteM2mClient',
      summary: 'Delete an M2M client',
      description: 'Its tokens stop working at once.',
      callers: ['team'],
      responses: { 204: null },
      errors: [...WRITE, 'm2m_client_not_found'],
      handlers: [
        team,
        uuidParams('workspace_id', 'client_id'),
        async (req, res) => {
          await useCases.m2m.deleteClient.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
            clientId: param(req.params.client_id),
            context: userContext(req, res),
          });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, '/v1/workspaces/:workspace_id/m2m/token', {
    post: {
      id: 'createM2mToken',
      summary: 'Exchange M2M client credentials for a token',
      description:
        'OAuth 2.0 client credentials (RFC 6749 §4.4): the form with `grant_type=client_credentials`, or JSON. ' +
        'The credentials come in HTTP Basic or in the body, not both. The token is read-only and works in ' +
        "this workspace only, with the client's scopes.",
      callers: [],
      clientCredentials: true,
      body: {
        content: {
          'application/json': M2mTokenJsonDto,
          'application/x-www-form-urlencoded': M2mTokenFormDto,
        },
        required: false,
      },
      responses: { 200: M2mTokenSchema },
      errors: ['invalid_client', 'unsupported_grant_type', 'too_many_token_requests'],
      handlers: [
        // The only route that reads forms: OAuth 2.0 clients send client credentials this way.
        express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 }),
        ws,
        async (req, res) => {
          // RFC 6749 §5.2: a client that authenticated with HTTP Basic hears a Basic challenge.
          if (/^Basic(\s|$)/i.test(req.get('authorization') ?? ''))
            res.setHeader('WWW-Authenticate', 'Basic realm="m2m", charset="UTF-8"');
          const { clientId, clientSecret } = credentials(req);
          const token = await useCases.m2m.exchangeToken.execute({
            workspaceId: param(req.params.workspace_id),
            clientId,
            clientSecret,
            ip: clientIp(req),
          });
          res.removeHeader('WWW-Authenticate');
          res.json(m2mTokenJson(token));
        },
      ],
    },
  });

  return router;
}
