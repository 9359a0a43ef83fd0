import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, Response, Router } from 'express';
import {
  CollectionAclDto,
  CreateCollectionDto,
  PutAccessDto,
  type RoleGrant,
  refuseUnknownGrantFields,
} from '../dto/app.dto';
import {
  AccessSchema,
  accessJson,
  CollectionAclSchema,
  CollectionSchema,
  collectionAclJson,
  collectionJson,
} from '../mappers/apps.mapper';
import { principalOf, requireCaller, requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const COLLECTIONS = '/v1/workspaces/:workspace_id/vault/collections';

const CollectionList = Resource('DataCollectionList', { collections: Type.Array(CollectionSchema) });

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];
const GRANTS: ProblemCode[] = ['invalid_grant_action', 'unknown_site_role'];

const asText = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));
const roleGrants = (list: readonly RoleGrant[]) =>
  list.map((g) => ({ role: asText(g.role), action: asText(g.action) }));

/**
 * Spec: Access, and supplement §17 (data collections). Team members read and
 * change; a workload token lists the collections its grants open and reads
 * their ACLs; nobody else.
 */
export function accessRoutes(useCases: UseCases): Router {
  const router = apiRouter('Access');
  const team = requireTeam(useCases);
  const teamOrWorkload = requireCaller(useCases, { kinds: ['team', 'workload'] });
  const ws = uuidParams('workspace_id');
  const named = (req: Request, res: Response) => ({
    caller: principalOf(res),
    workspaceId: param(req.params.workspace_id),
    name: param(req.params.name),
  });

  route(router, '/v1/workspaces/:workspace_id/access', {
    get: {
      id: 'getAccess',
      summary: 'What each site role may do: collections, files and app launch',
      callers: ['team'],
      responses: { 200: AccessSchema },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const document = await useCases.access.get.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
          });
          res.json(accessJson(document));
        },
      ],
    },
    put: {
      id: 'putAccess',
      summary: 'Replace the site-role grants',
      description:
        '`vault_grants` and `files_grants` omitted mean `[]`; `app_grants` omitted or null leaves app launch ' +
        'as it is, `[]` restricts every product app. Collections left without a site-role grant become ' +
        'admin-only; workload grants stay.',
      callers: ['team'],
      body: PutAccessDto,
      responses: { 200: AccessSchema },
      errors: [...WRITE, ...GRANTS, 'unknown_app', 'unknown_collection'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(PutAccessDto, req.body);
          refuseUnknownGrantFields({
            vault_grants: { list: body.vault_grants, fields: ['role', 'collection', 'action'] },
            files_grants: { list: body.files_grants, fields: ['role', 'action'] },
            app_grants: { list: body.app_grants, fields: ['role', 'app_id', 'action'] },
          });
          const document = await useCases.access.put.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            ...(body.vault_grants === undefined
              ? {}
              : {
                  vaultGrants: body.vault_grants.map((g) => ({
                    ...roleGrants([g])[0],
                    collection: asText(g.collection),
                  })) as { role: string; action: string; collection: string }[],
                }),
            ...(body.files_grants === undefined ? {} : { filesGrants: roleGrants(body.files_grants) }),
            ...(body.app_grants === undefined
              ? {}
              : {
                  appGrants:
                    body.app_grants === null
                      ? null
                      : (body.app_grants.map((g) => ({
                          ...roleGrants([g])[0],
                          appId: asText(g.app_id).toLowerCase(),
                        })) as { role: string; action: string; appId: string }[]),
                }),
            context: userContext(req, res),
          });
          res.json(accessJson(document));
        },
      ],
    },
  });

  route(router, COLLECTIONS, {
    get: {
      id: 'listCollections',
      summary: 'The data collections of a workspace, by name',
      description: 'A workload token sees only the collections it holds a grant on.',
      callers: ['team', 'workload'],
      responses: { 200: CollectionList },
      errors: READ,
      handlers: [
        teamOrWorkload,
        ws,
        async (req, res) => {
          const collections = await useCases.collections.list.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
          });
          res.json({ collections: collections.map(collectionJson) });
        },
      ],
    },
    post: {
      id: 'createCollection',
      summary: 'Create a data collection (admin-only until granted)',
      callers: ['team'],
      body: CreateCollectionDto,
      responses: { 201: CollectionSchema },
      errors: [...WRITE, 'invalid_collection_name', 'collection_name_taken', 'limit_reached'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CreateCollectionDto, req.body);
          const collection = await useCases.collections.create.execute({
            userId: teamPrincipal(res).userId,
            workspaceId: param(req.params.workspace_id),
            name: body.name,
            context: userContext(req, res),
          });
          res.status(201).json(collectionJson(collection));
        },
      ],
    },
  });

  route(router, `${COLLECTIONS}/:name`, {
    delete: {
      id: 'deleteCollection',
      summary: 'Delete a data collection and its grants',
      callers: ['team'],
      responses: { 204: null },
      errors: [...WRITE, 'collection_not_found'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          await useCases.collections.delete.execute({
            userId: teamPrincipal(res).userId,
            workspaceId: param(req.params.workspace_id),
            name: param(req.params.name),
            context: userContext(req, res),
          });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${COLLECTIONS}/:name/acl`, {
    get: {
      id: 'getCollectionAcl',
      summary: "A collection's grants: site roles and workloads",
      callers: ['team', 'workload'],
      responses: { 200: CollectionAclSchema },
      errors: [...READ, 'collection_not_found', 'workload_not_granted'],
      handlers: [
        teamOrWorkload,
        ws,
        async (req, res) => {
          res.json(collectionAclJson(await useCases.collections.getAcl.execute(named(req, res))));
        },
      ],
    },
    put: {
      id: 'putCollectionAcl',
      summary: "Replace a collection's grants",
      description: '`grants` is replaced as sent; `workload_grants` stay unless sent.',
      callers: ['team'],
      body: CollectionAclDto,
      responses: { 200: CollectionAclSchema },
      errors: [...WRITE, ...GRANTS, 'collection_not_found', 'workload_not_found', 'workload_archived'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CollectionAclDto, req.body);
          refuseUnknownGrantFields({
            grants: { list: body.grants, fields: ['role', 'action'] },
            workload_grants: { list: body.workload_grants, fields: ['coderunner_id', 'action'] },
          });
          const acl = await useCases.collections.putAcl.execute({
            ...named(req, res),
            grants: roleGrants(body.grants),
            ...(body.workload_grants === undefined
              ? {}
              : {
                  workloadGrants: body.workload_grants.map((g) => ({
                    workloadId: asText(g.coderunner_id).toLowerCase(),
                    action: asText(g.action),
                  })),
                }),
            context: userContext(req, res),
          });
          res.json(collectionAclJson(acl));
        },
      ],
    },
  });

  return router;
}
