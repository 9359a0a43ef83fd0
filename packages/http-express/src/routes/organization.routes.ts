import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import { NameDto, UpdateEnvironmentDto } from '../dto/organization.dto';
import {
  BillingStatementsSchema,
  billingStatementsJson,
  PlansSchema,
  plansJson,
  QuotaSchema,
  quotaJson,
} from '../mappers/account.mapper';
import {
  EnvironmentSchema,
  environmentJson,
  OrganizationSchema,
  organizationJson,
  WorkspaceSchema,
  workspaceJson,
} from '../mappers/resources.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { Operation } from '../openapi/operation';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const OrganizationList = Resource('OrganizationList', { organizations: Type.Array(OrganizationSchema) });
const WorkspaceList = Resource('WorkspaceList', { workspaces: Type.Array(WorkspaceSchema) });
const EnvironmentList = Resource('EnvironmentList', { environments: Type.Array(EnvironmentSchema) });

const onOrganization: ProblemCode[] = ['organization_not_found', 'permission_denied'];
const onWorkspace: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const changeInWorkspace: ProblemCode[] = [...onWorkspace, 'workspace_frozen', 'organization_suspended'];

/** Organizations, workspaces, environments and quotas for team members (supplement §5, spec: Quotas). */
export function organizationRoutes(useCases: UseCases): Router {
  const router = apiRouter('Organizations');
  const team = requireTeam(useCases);
  const org = uuidParams('organization_id');
  const ws = uuidParams('workspace_id');
  const userId = (res: Parameters<typeof teamPrincipal>[0]) => teamPrincipal(res).userId;

  route(router, '/v1/organizations', {
    get: {
      id: 'listMyOrganizations',
      summary: 'The organizations the signed-in member belongs to',
      callers: ['team'],
      responses: { 200: OrganizationList },
      handlers: [
        team,
        async (_req, res) => {
          const organizations = await useCases.listMyOrganizations.execute({ userId: userId(res) });
          res.json({ organizations: organizations.map(organizationJson) });
        },
      ],
    },
    post: {
      id: 'createOrganization',
      summary: 'Create an organization, with the caller as its owner',
      description:
        'Only where the installation allows it (`ORG_CREATION_ENABLED`; see `GET /v1/me/capabilities`).',
      callers: ['team'],
      body: NameDto,
      responses: { 201: OrganizationSchema },
      errors: ['organization_creation_disabled', 'invalid_name', 'user_not_found'],
      handlers: [
        team,
        async (req, res) => {
          const body = parseBody(NameDto, req.body);
          const organization = await useCases.createOrganization.execute({
            userId: userId(res),
            name: body.name,
            context: userContext(req, res),
          });
          res.status(201).json(organizationJson(organization));
        },
      ],
    },
  });

  route(router, '/v1/organizations/:organization_id', {
    get: {
      id: 'getOrganization',
      summary: 'One organization',
      callers: ['team'],
      responses: { 200: OrganizationSchema },
      errors: onOrganization,
      handlers: [
        team,
        org,
        async (req, res) => {
          const organization = await useCases.getOrganization.execute({
            userId: userId(res),
            organizationId: param(req.params.organization_id),
          });
          res.json(organizationJson(organization));
        },
      ],
    },
  });

  route(router, '/v1/organizations/:organization_id/workspaces', {
    get: {
      id: 'listWorkspaces',
      summary: 'The workspaces of an organization the caller can see',
      tags: ['Workspaces'],
      callers: ['team'],
      responses: { 200: WorkspaceList },
      errors: onOrganization,
      handlers: [
        team,
        org,
        async (req, res) => {
          const workspaces = await useCases.listWorkspaces.execute({
            userId: userId(res),
            organizationId: param(req.params.organization_id),
          });
          res.json({ workspaces: workspaces.map(workspaceJson) });
        },
      ],
    },
    post: {
      id: 'createWorkspace',
      summary: 'Create a workspace',
      description:
        'It starts with one environment, `dev`, and the platform-managed secrets. Counts against the ' +
        '`workspaces` limit.',
      tags: ['Workspaces'],
      callers: ['team'],
      body: NameDto,
      responses: { 201: WorkspaceSchema },
      errors: [
        ...onOrganization,
        'organization_suspended',
        'invalid_name',
        'quota_exceeded',
        'secret_store_unavailable',
      ],
      handlers: [
        team,
        org,
        async (req, res) => {
          const body = parseBody(NameDto, req.body);
          const workspace = await useCases.createWorkspace.execute({
            userId: userId(res),
            organizationId: param(req.params.organization_id),
            name: body.name,
            context: userContext(req, res),
          });
          res.status(201).json(workspaceJson(workspace));
        },
      ],
    },
  });

  /** `parameter`: the path's name for the organization (`account_id` on the older path, as the spec names it). */
  const quota = (id: string, description?: string, parameter = 'organization_id'): Operation => ({
    id,
    summary: 'Plan tier and usage against limits',
    ...(description ? { description } : {}),
    tags: ['Quotas and billing'],
    callers: ['team'],
    responses: { 200: QuotaSchema },
    errors: onOrganization,
    handlers: [
      team,
      uuidParams(parameter),
      async (req, res) => {
        res.json(
          quotaJson(
            await useCases.getQuota.execute({
              userId: userId(res),
              organizationId: param(req.params[parameter]),
            }),
          ),
        );
      },
    ],
  });
  route(router, '/v1/organizations/:organization_id/quota', { get: quota('getQuota') });
  // The spec's older name of the same route: same data for the same ID.
  route(router, '/v1/accounts/:account_id/quota', {
    get: quota(
      'getAccountQuota',
      'The older name of `GET /v1/organizations/{organization_id}/quota`: same data for the same ID.',
      'account_id',
    ),
  });

  // Billing (spec: Other routes referenced; shapes not shown): the view_billing route and the plan catalogue.
  const statements = (id: string, description?: string): Operation => ({
    id,
    summary: 'Billing statements (empty until billing arrives)',
    ...(description ? { description } : {}),
    tags: ['Quotas and billing'],
    callers: ['team'],
    responses: { 200: BillingStatementsSchema },
    errors: onOrganization,
    handlers: [
      team,
      org,
      async (req, res) => {
        res.json(
          billingStatementsJson(
            await useCases.billing.statements.execute({
              userId: userId(res),
              organizationId: param(req.params.organization_id),
            }),
          ),
        );
      },
    ],
  });
  route(router, '/v1/accounts/:organization_id/billing-statements', {
    get: statements('listAccountBillingStatements', 'The older name of the organization route.'),
  });
  route(router, '/v1/organizations/:organization_id/billing-statements', {
    get: statements('listBillingStatements', 'Needs `view_billing`: owner, admin or billing_admin.'),
  });
  route(router, '/v1/billing/plans', {
    get: {
      id: 'listPlans',
      summary: 'The plan catalogue with each plan’s ceilings',
      tags: ['Quotas and billing'],
      callers: ['team'],
      responses: { 200: PlansSchema },
      handlers: [team, (_req, res) => void res.json(plansJson(useCases.billing.plans.execute()))],
    },
  });

  route(router, '/v1/workspaces/:workspace_id', {
    get: {
      id: 'getWorkspace',
      summary: 'One workspace',
      tags: ['Workspaces'],
      callers: ['team'],
      responses: { 200: WorkspaceSchema },
      errors: onWorkspace,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const workspace = await useCases.getWorkspace.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
          });
          res.json(workspaceJson(workspace));
        },
      ],
    },
    patch: {
      id: 'renameWorkspace',
      summary: 'Rename a workspace',
      tags: ['Workspaces'],
      callers: ['team'],
      body: NameDto,
      responses: { 200: WorkspaceSchema },
      errors: [...changeInWorkspace, 'invalid_name'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(NameDto, req.body);
          const workspace = await useCases.renameWorkspace.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
            name: body.name,
            context: userContext(req, res),
          });
          res.json(workspaceJson(workspace));
        },
      ],
    },
  });

  route(router, '/v1/workspaces/:workspace_id/environments', {
    get: {
      id: 'listEnvironments',
      summary: 'The environments of a workspace',
      tags: ['Workspaces'],
      callers: ['team'],
      responses: { 200: EnvironmentList },
      errors: onWorkspace,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const environments = await useCases.listEnvironments.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
          });
          res.json({ environments: environments.map(environmentJson) });
        },
      ],
    },
    post: {
      id: 'createEnvironment',
      summary: 'Add an environment to a workspace',
      tags: ['Workspaces'],
      callers: ['team'],
      body: NameDto,
      responses: { 201: EnvironmentSchema },
      errors: [
        'limit_reached',
        ...changeInWorkspace,
        'invalid_environment_name',
        'environment_name_taken',
        'duplicate',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(NameDto, req.body);
          const environment = await useCases.createEnvironment.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
            name: body.name,
            context: userContext(req, res),
          });
          res.status(201).json(environmentJson(environment));
        },
      ],
    },
  });

  route(router, '/v1/workspaces/:workspace_id/environments/:environment_id', {
    patch: {
      id: 'updateEnvironment',
      summary: 'Rename an environment, or make it active or inactive',
      tags: ['Workspaces'],
      callers: ['team'],
      body: UpdateEnvironmentDto,
      responses: { 200: EnvironmentSchema },
      errors: [
        ...changeInWorkspace,
        'environment_not_found',
        'invalid_environment_name',
        'invalid_environment_status',
        'environment_name_taken',
        'duplicate',
      ],
      handlers: [
        team,
        uuidParams('workspace_id', 'environment_id'),
        async (req, res) => {
          const body = parseBody(UpdateEnvironmentDto, req.body);
          const environment = await useCases.updateEnvironment.execute({
            userId: userId(res),
            workspaceId: param(req.params.workspace_id),
            environmentId: param(req.params.environment_id),
            name: body.name,
            status: body.status,
            context: userContext(req, res),
          });
          res.json(environmentJson(environment));
        },
      ],
    },
  });

  return router;
}
