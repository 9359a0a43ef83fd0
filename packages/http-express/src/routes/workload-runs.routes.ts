import { invalid, type UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, Response, Router } from 'express';
import { DeployWorkloadDto, RunWorkloadQueryDto } from '../dto/coderunner.dto';
import { CoderunnerEnvelopeSchema, envelopeJson } from '../mappers/coderunner.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody, parseQuery } from '../validation';
import { UPSTREAM } from './coderunner-proxy.routes';

const BASE = '/v1/workspaces/:workspace_id/coderunners/:coderunner_id';

const WRITE: ProblemCode[] = [
  'workspace_not_found',
  'permission_denied',
  'workspace_frozen',
  'organization_suspended',
  'workload_not_found',
  'workload_archived',
  ...UPSTREAM,
];

const EventBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'the event, any JSON object; sent upstream as `{payload: <event>}`',
  },
);

/** The event: the body itself, `{}` when none is sent (spec, Versioning 4). */
function eventOf(req: Request): object {
  const body: unknown = req.body;
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('invalid_body', 'the event must be a JSON object');
  return body;
}

/**
 * Supplement §12: deploy and run a workload through the code-execution
 * service (supplement §13), recording the ids under the workload's
 * `manifest.coderunner`. Team members only.
 */
export function workloadRunsRoutes(useCases: UseCases): Router {
  const router = apiRouter('Workloads');
  const team = requireTeam(useCases);
  const ids = uuidParams('workspace_id', 'coderunner_id');
  const target = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
    workloadId: param(req.params.coderunner_id),
    context: userContext(req, res),
  });

  route(router, `${BASE}/deploy`, {
    post: {
      id: 'deployWorkload',
      summary: 'Deploy a Completed version as the workload',
      description:
        'The version must be Completed (3), else 409 `coderunner_version_not_ready`; then upstream POST ' +
        '`/api/deployment/create` (its definition: the version’s own, or the one recorded on the workload). ' +
        '`inject_secret_keys` is refused (422 `secret_injection_disabled`): deploy-time secret injection is ' +
        'off platform-wide; workloads read secrets at run time with an M2M client holding `secrets:read`.',
      callers: ['team'],
      body: DeployWorkloadDto,
      responses: { 200: CoderunnerEnvelopeSchema },
      errors: [
        ...WRITE,
        'coderunner_no_definition',
        'coderunner_version_not_ready',
        'invalid_deployment_configuration',
        'secret_injection_disabled',
      ],
      handlers: [
        team,
        ids,
        async (req, res) => {
          const body = parseBody(DeployWorkloadDto, req.body);
          const envelope = await useCases.workloads.deploy.execute({
            ...target(req, res),
            versionId: body.version_id,
            cpu: body.cpu,
            memory: body.memory,
            cronExpression: body.cron_expression,
            injectSecretKeys: body.inject_secret_keys,
          });
          res.json(envelopeJson(envelope));
        },
      ],
    },
  });

  route(router, `${BASE}/run`, {
    post: {
      id: 'runWorkload',
      summary: 'Run the workload with an event',
      description:
        'The body is the event itself. With `deployment_id` (or, with no parameter, the recorded deployment) ' +
        'the event goes to the deployment’s `externalEndpoint`; `deployment_url` must be that endpoint. ' +
        'Otherwise the definition (of `version_id`, or the recorded one) runs once (upstream POST ' +
        '`/api/execution/run/onetime/{definition_id}`).',
      callers: ['team'],
      query: RunWorkloadQueryDto,
      body: { schema: EventBody, contentType: 'application/json', description: 'the event JSON itself' },
      responses: { 200: CoderunnerEnvelopeSchema },
      errors: [...WRITE, 'coderunner_not_deployed', 'deployment_url_mismatch'],
      handlers: [
        team,
        ids,
        async (req, res) => {
          const query = parseQuery(RunWorkloadQueryDto, req.query);
          const envelope = await useCases.workloads.run.execute({
            ...target(req, res),
            versionId: query.version_id,
            deploymentId: query.deployment_id,
            deploymentUrl: query.deployment_url,
            event: eventOf(req),
          });
          res.json(envelopeJson(envelope));
        },
      ],
    },
  });

  return router;
}
