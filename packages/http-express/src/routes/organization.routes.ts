import type { UseCases } from '@groundfloor/domain';
import { type RequestHandler, Router } from 'express';
import { NameDto, UpdateEnvironmentDto } from '../dto/organization.dto';
import { environmentJson, organizationJson, workspaceJson } from '../mappers/resources.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { userContext } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

/** Organizations, workspaces, environments and quotas for team members (supplement §5, spec: Quotas). */
export function organizationRoutes(useCases: UseCases): Router {
  const router = Router();
  const team = requireTeam(useCases);
  const org = uuidParams('organization_id');
  const ws = uuidParams('workspace_id');
  const userId = (res: Parameters<typeof teamPrincipal>[0]) => teamPrincipal(res).userId;

  route(router, '/v1/organizations', {
    get: [
      team,
      async (_req, res) => {
        const organizations = await useCases.listMyOrganizations.execute({ userId: userId(res) });
        res.json({ organizations: organizations.map(organizationJson) });
      },
    ],
    post: [
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
  });

  route(router, '/v1/organizations/:organization_id', {
    get: [
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
  });

  route(router, '/v1/organizations/:organization_id/workspaces', {
    get: [
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
    post: [
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
  });

  const quota: RequestHandler[] = [
    team,
    org,
    async (req, res) => {
      res.json(
        await useCases.getQuota.execute({
          userId: userId(res),
          organizationId: param(req.params.organization_id),
        }),
      );
    },
  ];
  route(router, '/v1/organizations/:organization_id/quota', { get: quota });
  // The spec's older name of the same route: same data for the same ID.
  route(router, '/v1/accounts/:organization_id/quota', { get: quota });

  // Billing (spec: Other routes referenced; shapes not shown): the view_billing route and the plan catalogue.
  const statements: RequestHandler[] = [
    team,
    org,
    async (req, res) => {
      res.json(
        await useCases.billing.statements.execute({
          userId: userId(res),
          organizationId: param(req.params.organization_id),
        }),
      );
    },
  ];
  route(router, '/v1/accounts/:organization_id/billing-statements', { get: statements });
  route(router, '/v1/organizations/:organization_id/billing-statements', { get: statements });
  route(router, '/v1/billing/plans', {
    get: [team, (_req, res) => void res.json(useCases.billing.plans.execute())],
  });

  route(router, '/v1/workspaces/:workspace_id', {
    get: [
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
    patch: [
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
  });

  route(router, '/v1/workspaces/:workspace_id/environments', {
    get: [
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
    post: [
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
  });

  route(router, '/v1/workspaces/:workspace_id/environments/:environment_id', {
    patch: [
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
  });

  return router;
}
