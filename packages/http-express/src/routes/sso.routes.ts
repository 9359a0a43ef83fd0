import type { SsoConnectionInput, UseCases } from '@groundfloor/domain';
import type { Request, Response, Router } from 'express';
import { CreateSsoConnectionDto, UpdateSsoConnectionDto } from '../dto/sso.dto';
import {
  SsoConnectionListSchema,
  SsoConnectionSchema,
  SsoTestLoginSchema,
  ssoConnectionJson,
  ssoTestLoginJson,
} from '../mappers/sso.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/auth/sso';
const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const CHANGE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];

function fieldsOf(body: CreateSsoConnectionDto | UpdateSsoConnectionDto): SsoConnectionInput {
  const out: Record<string, unknown> = {};
  const take = (from: string, to: keyof SsoConnectionInput) => {
    const value = (body as unknown as Record<string, unknown>)[from];
    if (value !== undefined) out[to] = value;
  };
  take('protocol', 'protocol');
  take('name', 'name');
  take('enabled', 'enabled');
  take('issuer', 'issuer');
  take('client_id', 'clientId');
  take('client_secret', 'clientSecret');
  take('scopes', 'scopes');
  take('authorization_endpoint', 'authorizationEndpoint');
  take('token_endpoint', 'tokenEndpoint');
  take('jwks_uri', 'jwksUri');
  take('entity_id', 'entityId');
  take('sso_url', 'ssoUrl');
  take('certificate', 'certificate');
  return out as SsoConnectionInput;
}

/** Spec: SSO brokers. Team members only: read lists, administer changes and tries. */
export function ssoRoutes(useCases: UseCases, publicBaseUrl: string): Router {
  const router = apiRouter('Workspace sign-in');
  const team = requireTeam(useCases);
  const target = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
  });
  const connection = (req: Request, res: Response) => ({
    ...target(req, res),
    connectionId: param(req.params.connection_id),
    context: userContext(req, res),
  });

  route(router, BASE, {
    get: {
      id: 'listSsoConnections',
      summary: 'The SSO connections of a workspace',
      description: 'Oldest first. Never a client secret: `client_secret_set` says whether one is stored.',
      callers: ['team'],
      responses: { 200: SsoConnectionListSchema },
      errors: READ,
      handlers: [
        team,
        uuidParams('workspace_id'),
        async (req, res) => {
          const list = await useCases.ssoConnections.list.execute(target(req, res));
          res.json({ connections: list.map((c) => ssoConnectionJson(c, publicBaseUrl)) });
        },
      ],
    },
    post: {
      id: 'createSsoConnection',
      summary: 'Create an SSO connection (OIDC or SAML)',
      description:
        'OIDC needs `issuer`, `client_id` and `authorization_endpoint` (https); `client_secret` is ' +
        'write-only. SAML needs `entity_id`, `sso_url` and `certificate` (PEM). `organization_id` links a ' +
        'tenant: 409 while multi-tenant is off, 404 for a tenant the workspace does not have. At most 50.',
      callers: ['team'],
      body: CreateSsoConnectionDto,
      responses: { 201: SsoConnectionSchema },
      errors: [
        ...CHANGE,
        'invalid_sso_connection',
        'multi_tenant_disabled',
        'tenant_not_found',
        'limit_reached',
      ],
      handlers: [
        team,
        uuidParams('workspace_id'),
        async (req, res) => {
          const body = parseBody(CreateSsoConnectionDto, req.body);
          const created = await useCases.ssoConnections.create.execute({
            ...target(req, res),
            ...fieldsOf(body),
            ...(body.organization_id !== undefined ? { organizationId: body.organization_id } : {}),
            context: userContext(req, res),
          });
          res.status(201).json(ssoConnectionJson(created, publicBaseUrl));
        },
      ],
    },
  });

  route(router, `${BASE}/:connection_id`, {
    patch: {
      id: 'updateSsoConnection',
      summary: 'Change an SSO connection',
      description:
        'The fields sent change; `client_secret` replaces the secret (null removes it). The protocol and ' +
        'the tenant stay as created.',
      callers: ['team'],
      body: UpdateSsoConnectionDto,
      responses: { 200: SsoConnectionSchema },
      errors: [...CHANGE, 'sso_connection_not_found', 'invalid_sso_connection'],
      handlers: [
        team,
        uuidParams('workspace_id', 'connection_id'),
        async (req, res) => {
          const body = parseBody(UpdateSsoConnectionDto, req.body);
          const updated = await useCases.ssoConnections.update.execute({
            ...connection(req, res),
            ...fieldsOf(body),
          });
          res.json(ssoConnectionJson(updated, publicBaseUrl));
        },
      ],
    },
    delete: {
      id: 'deleteSsoConnection',
      summary: 'Delete an SSO connection',
      description: 'Allowed while the workspace is frozen, as other revocations are.',
      callers: ['team'],
      responses: { 204: null },
      errors: [...READ, 'sso_connection_not_found'],
      handlers: [
        team,
        uuidParams('workspace_id', 'connection_id'),
        async (req, res) => {
          await useCases.ssoConnections.delete.execute(connection(req, res));
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/:connection_id/test-login`, {
    post: {
      id: 'testSsoLogin',
      summary: 'A sign-in request to try an SSO connection',
      description:
        "Answers the URL of the identity provider's sign-in with this connection's request (OIDC " +
        'authorization request, or SAML AuthnRequest by HTTP-Redirect), for an administrator to open in a ' +
        'browser. The server never calls the identity provider itself: its addresses are customer input, ' +
        'and fetching them from inside the platform would reach internal services (SSRF).',
      callers: ['team'],
      responses: { 200: SsoTestLoginSchema },
      errors: [...READ, 'sso_connection_not_found'],
      handlers: [
        team,
        uuidParams('workspace_id', 'connection_id'),
        async (req, res) => {
          res.json(ssoTestLoginJson(await useCases.ssoConnections.testLogin.execute(connection(req, res))));
        },
      ],
    },
  });

  return router;
}
