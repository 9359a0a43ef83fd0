import type { UseCases } from '@groundfloor/domain';
import type { Request, Response, Router } from 'express';
import {
  AddTenantMemberDto,
  AppUserPageQueryDto,
  CreateTenantDto,
  UpdateTenantDto,
} from '../dto/app-user.dto';
import {
  AddedTenantMemberSchema,
  TenantListSchema,
  TenantMemberListSchema,
  TenantSchema,
  tenantJson,
  tenantMemberJson,
} from '../mappers/app-user.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody, parseQuery } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/auth/tenants';
/** Tenants need active platform sign-in and multi-tenant (409 each). */
const READ: ProblemCode[] = [
  'workspace_not_found',
  'permission_denied',
  'platform_sign_in_required',
  'multi_tenant_disabled',
];
const ONE: ProblemCode[] = [...READ, 'tenant_not_found'];
const FROZEN: ProblemCode[] = ['workspace_frozen', 'organization_suspended'];
const FIELDS: ProblemCode[] = [
  'invalid_name',
  'invalid_tenant_alias',
  'invalid_tenant_domains',
  'tenant_alias_taken',
];

/** Spec: Tenants (the app's tenants, not the organization). Team members only. */
export function tenantsRoutes(useCases: UseCases): Router {
  const router = apiRouter('App users');
  const team = requireTeam(useCases);
  const { tenants } = useCases;
  const scope = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
  });
  const onTenant = (req: Request, res: Response) => ({
    ...scope(req, res),
    tenantId: param(req.params.tenant_id),
    context: userContext(req, res),
  });

  route(router, BASE, {
    get: {
      id: 'listTenants',
      summary: 'The tenants of a workspace’s apps, oldest first',
      callers: ['team'],
      responses: { 200: TenantListSchema },
      errors: READ,
      handlers: [
        team,
        uuidParams('workspace_id'),
        async (req, res) => {
          res.json({ tenants: (await tenants.list.execute(scope(req, res))).map(tenantJson) });
        },
      ],
    },
    post: {
      id: 'createTenant',
      summary: 'Create a tenant',
      description:
        '`alias` (unique in the workspace) keys the tenant in the `organization` claim. At most 1,000.',
      callers: ['team'],
      body: CreateTenantDto,
      responses: { 201: TenantSchema },
      errors: [...READ, ...FROZEN, ...FIELDS, 'limit_reached'],
      handlers: [
        team,
        uuidParams('workspace_id'),
        async (req, res) => {
          const body = parseBody(CreateTenantDto, req.body);
          const tenant = await tenants.create.execute({
            ...scope(req, res),
            name: body.name,
            alias: body.alias,
            domains: body.domains,
            enabled: body.enabled,
            context: userContext(req, res),
          });
          res.status(201).json(tenantJson(tenant));
        },
      ],
    },
  });

  const one = uuidParams('workspace_id', 'tenant_id');
  route(router, `${BASE}/:tenant_id`, {
    get: {
      id: 'getTenant',
      summary: 'One tenant',
      callers: ['team'],
      responses: { 200: TenantSchema },
      errors: ONE,
      handlers: [
        team,
        one,
        async (req, res) => {
          res.json(
            tenantJson(
              await tenants.get.execute({ ...scope(req, res), tenantId: param(req.params.tenant_id) }),
            ),
          );
        },
      ],
    },
    patch: {
      id: 'updateTenant',
      summary: 'Change a tenant',
      description: 'While the workspace is frozen only `{enabled: false}` passes.',
      callers: ['team'],
      body: UpdateTenantDto,
      responses: { 200: TenantSchema },
      errors: [...ONE, ...FROZEN, ...FIELDS],
      handlers: [
        team,
        one,
        async (req, res) => {
          const body = parseBody(UpdateTenantDto, req.body);
          const tenant = await tenants.update.execute({
            ...onTenant(req, res),
            name: body.name,
            alias: body.alias,
            domains: body.domains,
            enabled: body.enabled,
          });
          res.json(tenantJson(tenant));
        },
      ],
    },
    delete: {
      id: 'deleteTenant',
      summary: 'Delete a tenant',
      description: 'Its memberships go, never the users. Allowed while frozen.',
      callers: ['team'],
      responses: { 204: null },
      errors: ONE,
      handlers: [
        team,
        one,
        async (req, res) => {
          await tenants.delete.execute(onTenant(req, res));
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/:tenant_id/members`, {
    get: {
      id: 'listTenantMembers',
      summary: 'The members of a tenant, oldest first',
      callers: ['team'],
      query: AppUserPageQueryDto,
      responses: { 200: TenantMemberListSchema },
      errors: [...ONE, 'invalid_page'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const query = parseQuery(AppUserPageQueryDto, req.query);
          const page = await tenants.listMembers.execute({
            ...scope(req, res),
            tenantId: param(req.params.tenant_id),
            first: query.first,
            limit: query.limit,
          });
          res.json({
            members: page.members.map(tenantMemberJson),
            first: page.first,
            limit: page.limit,
            total: page.total,
          });
        },
      ],
    },
    post: {
      id: 'addTenantMember',
      summary: 'Add an app user to a tenant',
      description:
        '`user_id` or `email`. The email of someone who can already sign in adds them without an invitation; ' +
        'the email of nobody, or of a still-pending user, makes or keeps the pending user and invites them as ' +
        'POST /users does (its resend limits apply). 200 when the user already was a member.',
      callers: ['team'],
      body: AddTenantMemberDto,
      responses: { 200: AddedTenantMemberSchema, 201: AddedTenantMemberSchema },
      errors: [
        ...ONE,
        ...FROZEN,
        'user_id_or_email',
        'app_user_not_found',
        'invalid_email',
        'app_user_disabled',
        'invite_resend_too_soon',
        'invite_resend_limit',
        'duplicate',
      ],
      handlers: [
        team,
        one,
        async (req, res) => {
          const body = parseBody(AddTenantMemberDto, req.body);
          const added = await tenants.addMember.execute({
            ...onTenant(req, res),
            memberUserId: body.user_id?.toLowerCase(),
            email: body.email,
          });
          res
            .status(added.created ? 201 : 200)
            .json({ ...tenantMemberJson(added.member), invited: added.invited });
        },
      ],
    },
  });

  route(router, `${BASE}/:tenant_id/members/:user_id`, {
    delete: {
      id: 'removeTenantMember',
      summary: 'Remove an app user from a tenant',
      description: 'The user’s login stays. Allowed while frozen.',
      callers: ['team'],
      responses: { 204: null },
      errors: [...ONE, 'tenant_member_not_found'],
      handlers: [
        team,
        uuidParams('workspace_id', 'tenant_id', 'user_id'),
        async (req, res) => {
          await tenants.removeMember.execute({
            ...onTenant(req, res),
            memberUserId: param(req.params.user_id),
          });
          res.status(204).end();
        },
      ],
    },
  });

  return router;
}
