import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import { CreateWorkloadDto } from '../dto/app.dto';
import { WorkloadSchema, workloadJson } from '../mappers/apps.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/coderunners';

const WorkloadList = Resource('WorkloadList', { coderunners: Type.Array(WorkloadSchema) });
const WorkloadToken = Resource(
  'WorkloadIdentityToken',
  {
    access_token: Type.String({ description: 'an RS256 JWT; verifies against /v1/public/jwks.json' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'seconds (3600)' }),
  },
  "A workload's own identity: reads flags and the data collections its grants open",
);

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];

/** Supplement §12: the workloads registry and workload identity tokens (deploy and run: the upstream work). */
export function workloadsRoutes(useCases: UseCases): Router {
  const router = apiRouter('Workloads');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const one = uuidParams('workspace_id', 'coderunner_id');
  const ids = (
    req: { params: Record<string, string | string[] | undefined> },
    res: Parameters<typeof teamPrincipal>[0],
  ) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
    workloadId: param(req.params.coderunner_id),
  });

  route(router, BASE, {
    get: {
      id: 'listWorkloads',
      summary: 'The workloads of a workspace, archived ones included, oldest first',
      callers: ['team'],
      responses: { 200: WorkloadList },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const workloads = await useCases.workloads.list.execute({
            userId: teamPrincipal(res).userId,
            workspaceId: param(req.params.workspace_id),
          });
          res.json({ coderunners: workloads.map(workloadJson) });
        },
      ],
    },
    post: {
      id: 'createWorkload',
      summary: 'Register a service or job workload',
      callers: ['team'],
      body: CreateWorkloadDto,
      responses: { 201: WorkloadSchema },
      errors: [...WRITE, 'invalid_name', 'invalid_workload_kind', 'limit_reached'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CreateWorkloadDto, req.body);
          const workload = await useCases.workloads.create.execute({
            userId: teamPrincipal(res).userId,
            workspaceId: param(req.params.workspace_id),
            name: body.name,
            kind: body.kind,
            context: userContext(req, res),
          });
          res.status(201).json(workloadJson(workload));
        },
      ],
    },
  });

  route(router, `${BASE}/:coderunner_id`, {
    get: {
      id: 'getWorkload',
      summary: 'One workload',
      callers: ['team'],
      responses: { 200: WorkloadSchema },
      errors: [...READ, 'workload_not_found'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const { userId, workspaceId, workloadId } = ids(req, res);
          res.json(workloadJson(await useCases.workloads.get.execute({ userId, workspaceId, workloadId })));
        },
      ],
    },
    delete: {
      id: 'archiveWorkload',
      summary: 'Archive a workload',
      description:
        'Its record stays, so apps and grants naming it still resolve; its identity tokens stop working at once. ' +
        'Archiving again changes nothing. Allowed while the workspace is frozen.',
      callers: ['team'],
      responses: { 204: null },
      errors: [...READ, 'workload_not_found'],
      handlers: [
        team,
        one,
        async (req, res) => {
          await useCases.workloads.archive.execute({ ...ids(req, res), context: userContext(req, res) });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/:coderunner_id/identity-token`, {
    post: {
      id: 'issueWorkloadIdentityToken',
      summary: 'A workload identity token (one hour)',
      description: 'Never written to the audit log.',
      callers: ['team'],
      responses: { 200: WorkloadToken },
      errors: [...WRITE, 'workload_not_found', 'workload_archived'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const token = await useCases.workloads.issueIdentityToken.execute({
            ...ids(req, res),
            context: userContext(req, res),
          });
          res.json(token);
        },
      ],
    },
  });

  return router;
}
