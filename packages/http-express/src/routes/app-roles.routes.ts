import type { UseCases } from '@groundfloor/domain';
import type { Request, Response, Router } from 'express';
import { CreateAppRoleDto, UpdateAppRoleDto } from '../dto/app-role.dto';
import {
  AppRoleListSchema,
  AppRoleSchema,
  appRoleJson,
  PermissionCatalogSchema,
  permissionJson,
} from '../mappers/app-role.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const CHANGE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];

/** Spec: the permission catalog and app (site) roles. Team members only. */
export function appRolesRoutes(useCases: UseCases): Router {
  const router = apiRouter('Workspace sign-in');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const target = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
  });

  route(router, '/v1/workspaces/:workspace_id/auth/permissions', {
    get: {
      id: 'listSignInPermissions',
      summary: 'The permission catalog',
      description: 'The IDs app roles may hold, with what each means; the same for every workspace.',
      callers: ['team'],
      responses: { 200: PermissionCatalogSchema },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const permissions = await useCases.appRoles.permissions.execute(target(req, res));
          res.json({ permissions: permissions.map(permissionJson) });
        },
      ],
    },
  });

  route(router, '/v1/workspaces/:workspace_id/auth-roles', {
    get: {
      id: 'listAppRoles',
      summary: 'The app roles of a workspace',
      description: 'The built-ins `viewer`, `user` and `admin` first, then custom roles by name.',
      callers: ['team'],
      responses: { 200: AppRoleListSchema },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const roles = await useCases.appRoles.list.execute(target(req, res));
          res.json({ roles: roles.map(appRoleJson) });
        },
      ],
    },
    post: {
      id: 'createAppRole',
      summary: 'Create a custom app role',
      description:
        'A name of 1 to 64 lowercase letters, digits, `_` or `-`; a built-in name or one the workspace has is ' +
        '409. An ID missing from the permission catalog is 422 `unknown_permission`, `errors` naming each. ' +
        'At most 100 custom roles.',
      callers: ['team'],
      body: CreateAppRoleDto,
      responses: { 201: AppRoleSchema },
      errors: [
        ...CHANGE,
        'invalid_app_role_name',
        'invalid_app_role_description',
        'unknown_permission',
        'app_role_builtin',
        'app_role_exists',
        'limit_reached',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CreateAppRoleDto, req.body);
          const role = await useCases.appRoles.create.execute({
            ...target(req, res),
            name: body.name,
            permissions: body.permissions,
            ...(body.description !== undefined ? { description: body.description } : {}),
            context: userContext(req, res),
          });
          res.status(201).json(appRoleJson(role));
        },
      ],
    },
  });

  route(router, '/v1/workspaces/:workspace_id/auth-roles/:role_name', {
    patch: {
      id: 'updateAppRole',
      summary: "Change an app role's permissions or description",
      description:
        'Body `permissions` (the full replacement list) and/or `description` (null removes it). Built-in roles ' +
        'can be changed too and stay built-in.',
      callers: ['team'],
      body: UpdateAppRoleDto,
      responses: { 200: AppRoleSchema },
      errors: [...CHANGE, 'app_role_not_found', 'unknown_permission', 'invalid_app_role_description'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(UpdateAppRoleDto, req.body);
          const role = await useCases.appRoles.update.execute({
            ...target(req, res),
            name: param(req.params.role_name),
            ...(body.permissions !== undefined ? { permissions: body.permissions } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            context: userContext(req, res),
          });
          res.json(appRoleJson(role));
        },
      ],
    },
  });

  return router;
}
