import type { UseCases } from '@groundfloor/domain';
import { Router } from 'express';
import {
  CreateOrganizationByOperatorDto,
  FreezeWorkspaceDto,
  UpdateOrganizationByOperatorDto,
} from '../dto/organization.dto';
import { membershipJson, operatorOrganizationJson, workspaceJson } from '../mappers/resources.mapper';
import { requireOperator } from '../middleware/authenticate';
import { clientIp } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

/** The operator API of supplement §4 (ticket routes arrive with support). */
export function operatorRoutes(useCases: UseCases, operatorToken: string): Router {
  const router = Router();
  router.use('/v1/operator', requireOperator(operatorToken));
  const op = useCases.operator;

  route(router, '/v1/operator/organizations', {
    get: [
      async (_req, res) => {
        const organizations = await op.listOrganizations.execute();
        res.json({ organizations: organizations.map(operatorOrganizationJson) });
      },
    ],
    post: [
      async (req, res) => {
        const body = parseBody(CreateOrganizationByOperatorDto, req.body);
        const created = await op.createOrganization.execute({
          name: body.name,
          planTier: body.plan_tier ?? 'free',
          ownerEmail: body.owner_email,
          ownerPassword: body.owner_password,
          ownerDisplayName: body.owner_display_name,
          ip: clientIp(req),
        });
        const owner = await useCases.getMe.execute({ userId: created.ownerMembership.userId });
        res.status(201).json({
          organization: operatorOrganizationJson(created.organization),
          owner_membership: { ...membershipJson(created.ownerMembership, owner.user), ...created.email },
        });
      },
    ],
  });

  route(router, '/v1/operator/organizations/:organization_id', {
    get: [
      uuidParams('organization_id'),
      async (req, res) => {
        const organization = await op.getOrganization.execute({
          organizationId: param(req.params.organization_id),
        });
        res.json(operatorOrganizationJson(organization));
      },
    ],
    patch: [
      uuidParams('organization_id'),
      async (req, res) => {
        const body = parseBody(UpdateOrganizationByOperatorDto, req.body);
        const organization = await op.updateOrganization.execute({
          organizationId: param(req.params.organization_id),
          planTier: body.plan_tier,
          suspended: body.suspended,
          limits: body.limits,
          ip: clientIp(req),
        });
        res.json(operatorOrganizationJson(organization));
      },
    ],
  });

  route(router, '/v1/operator/workspaces/:workspace_id', {
    patch: [
      uuidParams('workspace_id'),
      async (req, res) => {
        const body = parseBody(FreezeWorkspaceDto, req.body);
        const workspace = await op.setWorkspaceFrozen.execute({
          workspaceId: param(req.params.workspace_id),
          frozen: body.frozen,
          ip: clientIp(req),
        });
        res.json(workspaceJson(workspace));
      },
    ],
  });

  return router;
}
