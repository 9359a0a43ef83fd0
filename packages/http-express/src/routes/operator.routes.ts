import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import {
  CreateOrganizationByOperatorDto,
  FreezeWorkspaceDto,
  UpdateOrganizationByOperatorDto,
} from '../dto/organization.dto';
import { emailOutcomeFields, emailOutcomeJson } from '../mappers/account.mapper';
import {
  MembershipSchema,
  membershipJson,
  OperatorOrganizationSchema,
  operatorOrganizationJson,
  WorkspaceSchema,
  workspaceJson,
} from '../mappers/resources.mapper';
import { requireOperator } from '../middleware/authenticate';
import { Resource } from '../openapi/schema';
import { clientIp } from '../request-context';
import { apiRouter, guard, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const CreatedOrganization = Resource('CreatedOrganization', {
  organization: OperatorOrganizationSchema,
  owner_membership: Resource('OwnerMembership', { ...MembershipSchema.properties, ...emailOutcomeFields }),
});

/** The operator API of supplement §4 (ticket routes arrive with support). */
export function operatorRoutes(useCases: UseCases, operatorToken: string): Router {
  const router = apiRouter('Operator');
  guard(router, '/v1/operator', requireOperator(operatorToken));
  const op = useCases.operator;

  route(router, '/v1/operator/organizations', {
    get: {
      id: 'operatorListOrganizations',
      summary: 'Every organization of the installation',
      callers: ['operator'],
      responses: {
        200: Resource('OperatorOrganizationList', { organizations: Type.Array(OperatorOrganizationSchema) }),
      },
      handlers: [
        async (_req, res) => {
          const organizations = await op.listOrganizations.execute();
          res.json({ organizations: organizations.map(operatorOrganizationJson) });
        },
      ],
    },
    post: {
      id: 'operatorCreateOrganization',
      summary: 'Create an organization and its owner',
      description:
        'The owner is the user of `owner_email` (made if new). With `owner_password` the owner can sign in at ' +
        'once; without it, they get a set-password email (see `email_sent`).',
      callers: ['operator'],
      body: CreateOrganizationByOperatorDto,
      responses: { 201: CreatedOrganization },
      errors: ['password_hashing_busy', 'invalid_name', 'invalid_email', 'invalid_password'],
      handlers: [
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
            owner_membership: {
              ...membershipJson(created.ownerMembership, owner.user),
              ...emailOutcomeJson(created.email),
            },
          });
        },
      ],
    },
  });

  route(router, '/v1/operator/organizations/:organization_id', {
    get: {
      id: 'operatorGetOrganization',
      summary: 'One organization, with its limit overrides',
      callers: ['operator'],
      responses: { 200: OperatorOrganizationSchema },
      errors: ['organization_not_found'],
      handlers: [
        uuidParams('organization_id'),
        async (req, res) => {
          const organization = await op.getOrganization.execute({
            organizationId: param(req.params.organization_id),
          });
          res.json(operatorOrganizationJson(organization));
        },
      ],
    },
    patch: {
      id: 'operatorUpdateOrganization',
      summary: 'Change plan, suspension or limit overrides',
      description:
        'A suspended organization keeps its data; its workspaces read as frozen. `limits` merges into the ' +
        'overrides: a number sets a ceiling, null removes the ceiling.',
      callers: ['operator'],
      body: UpdateOrganizationByOperatorDto,
      responses: { 200: OperatorOrganizationSchema },
      errors: ['organization_not_found', 'unknown_limit_key', 'invalid_limit'],
      handlers: [
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
    },
  });

  route(router, '/v1/operator/workspaces/:workspace_id', {
    patch: {
      id: 'operatorFreezeWorkspace',
      summary: 'Freeze or unfreeze a workspace',
      description: 'A frozen workspace can be read but not changed.',
      callers: ['operator'],
      body: FreezeWorkspaceDto,
      responses: { 200: WorkspaceSchema },
      errors: ['workspace_not_found'],
      handlers: [
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
    },
  });

  return router;
}
