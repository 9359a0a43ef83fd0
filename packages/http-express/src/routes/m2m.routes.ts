import { invalid, malformed, type UseCases, unauthenticated } from '@groundfloor/domain';
import express, { type Request, Router } from 'express';
import { CreateM2mClientDto, M2mTokenFormDto, M2mTokenJsonDto } from '../dto/m2m.dto';
import { m2mClientJson } from '../mappers/secrets.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { clientIp, userContext } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const invalidClient = () => unauthenticated('invalid_client', 'unknown client or wrong client secret');

/** HTTP Basic credentials (RFC 6749 §2.3.1: each part form-urlencoded), or null. */
function basicCredentials(req: Request): { clientId: string; clientSecret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.get('authorization') ?? '');
  if (!match?.[1]) return null;
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
  const router = Router();
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const userId = (res: Parameters<typeof teamPrincipal>[0]) => teamPrincipal(res).userId;

  route(router, '/v1/workspaces/:workspace_id/m2m/clients', {
    get: [
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
    post: [
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
  });

  route(router, '/v1/workspaces/:workspace_id/m2m/clients/:client_id', {
    delete: [
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
  });

  route(router, '/v1/workspaces/:workspace_id/m2m/token', {
    post: [
      // The only route that reads forms: OAuth 2.0 clients send client credentials this way.
      express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 }),
      ws,
      async (req, res) => {
        const { clientId, clientSecret } = credentials(req);
        res.json(
          await useCases.m2m.exchangeToken.execute({
            workspaceId: param(req.params.workspace_id),
            clientId,
            clientSecret,
            ip: clientIp(req),
          }),
        );
      },
    ],
  });

  return router;
}
