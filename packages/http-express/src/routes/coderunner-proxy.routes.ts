import { Limits, type UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, Response, Router } from 'express';
import { CreateDefinitionDto, DeployAppDto, RunAppDto } from '../dto/coderunner.dto';
import { CoderunnerEnvelopeSchema, envelopeJson } from '../mappers/coderunner.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { readCodeUpload } from '../multipart-upload';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';
import { deploymentConfiguration } from './deployment-configuration';

const BASE = '/v1/workspaces/:workspace_id/apps/:app_slug/coderunner';

/** The app of the path: a `standalone` or legacy `coderunner` app of the workspace, not archived. */
const APP: ProblemCode[] = ['app_not_found', 'app_kind_has_no_coderunner', 'app_archived'];
/** What any call to the code-execution service can answer (supplement §13); every upstream 4xx passes through. */
export const UPSTREAM: ProblemCode[] = [
  'coderunner_bad_request',
  'coderunner_forbidden',
  'coderunner_not_found',
  'coderunner_conflict',
  'coderunner_gone',
  'coderunner_too_large',
  'coderunner_unprocessable',
  'coderunner_rate_limited',
  'coderunner_rejected',
  'coderunner_unavailable',
  'coderunner_invalid_answer',
  'coderunner_not_configured',
  'coderunner_timeout',
];
const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied', ...APP, ...UPSTREAM];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];
const ENVELOPE = { 200: CoderunnerEnvelopeSchema };

const UploadForm = Type.Object(
  {
    Description: Type.Optional(Type.String({ description: 'at most 1,000 characters' })),
    file: Type.String({
      contentMediaType: 'application/zip',
      description: 'the code, a ZIP archive of at most 32 MiB',
    }),
  },
  { additionalProperties: false },
);

/**
 * Spec: Code-execution proxy; supplement §13. Team members only. Each step
 * calls the code-execution service with the caller's identity (a JWT the
 * control plane signs, `x-client-key`, `x-userid`) and answers its
 * envelope; the ids it learns go under the app's `manifest.coderunner`.
 */
export function coderunnerProxyRoutes(useCases: UseCases): Router {
  const router = apiRouter('Code execution');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const target = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
    appSlug: param(req.params.app_slug),
  });
  const change = (req: Request, res: Response) => ({ ...target(req, res), context: userContext(req, res) });
  const { coderunner } = useCases;

  route(router, `${BASE}/definition`, {
    post: {
      id: 'createCoderunnerDefinition',
      summary: 'Create a code-execution definition for the app',
      description:
        'Upstream POST `/api/definitions`. `data.id` becomes `manifest.coderunner.definition_id` (and the ' +
        'recorded `version_id`, of the previous definition, is cleared).',
      callers: ['team'],
      body: CreateDefinitionDto,
      responses: ENVELOPE,
      errors: [
        ...WRITE,
        'invalid_name',
        'invalid_description',
        'invalid_deployment_type',
        'invalid_language_type',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CreateDefinitionDto, req.body);
          res.json(envelopeJson(await coderunner.createDefinition.execute({ ...change(req, res), ...body })));
        },
      ],
    },
  });

  route(router, `${BASE}/upload`, {
    post: {
      id: 'uploadCoderunnerCode',
      summary: "Upload code (a ZIP) for the app's definition",
      description:
        'Upstream POST `/api/file/{definition_id}/upload`, multipart. `data.versionId` becomes ' +
        '`manifest.coderunner.version_id`. The version is then processed: poll it until its status is 3 ' +
        '(Completed) before deploying. At most 32 MiB (413 `code_upload_too_large`).',
      callers: ['team'],
      body: {
        schema: UploadForm,
        contentType: 'multipart/form-data',
        description: 'a text field `Description` and a file field `file`',
      },
      responses: ENVELOPE,
      errors: [
        ...WRITE,
        'coderunner_no_definition',
        'code_not_zip',
        'code_upload_too_large',
        'invalid_upload',
        'invalid_description',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const form = await readCodeUpload(req, Limits.codeUploadBytesMax);
          res.json(envelopeJson(await coderunner.upload.execute({ ...change(req, res), ...form })));
        },
      ],
    },
  });

  route(router, `${BASE}/versions`, {
    get: {
      id: 'listCoderunnerVersions',
      summary: "The versions of the app's definition",
      description: 'Upstream GET `/api/version/definition?DefinitionId=`.',
      callers: ['team'],
      responses: ENVELOPE,
      errors: [...READ, 'coderunner_no_definition'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          res.json(envelopeJson(await coderunner.listVersions.execute(target(req, res))));
        },
      ],
    },
  });

  // `versionId`, as the spec's proxy table writes the suffix.
  route(router, `${BASE}/versions/:versionId`, {
    get: {
      id: 'getCoderunnerVersion',
      summary: 'One version, with its status',
      description:
        'Upstream GET `/api/version/{versionId}`. Status 1 Pending, 2 Processing, 3 Completed, 4 Failed.',
      callers: ['team'],
      responses: ENVELOPE,
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const versionId = param(req.params.versionId);
          res.json(envelopeJson(await coderunner.getVersion.execute({ ...target(req, res), versionId })));
        },
      ],
    },
    delete: {
      id: 'deleteCoderunnerVersion',
      summary: 'Delete a version',
      description:
        'Upstream DELETE `/api/version/{versionId}`. Deleting the recorded version clears ' +
        '`manifest.coderunner.version_id`. Allowed while the workspace is frozen, as other removals are.',
      callers: ['team'],
      responses: ENVELOPE,
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          const versionId = param(req.params.versionId);
          res.json(envelopeJson(await coderunner.deleteVersion.execute({ ...change(req, res), versionId })));
        },
      ],
    },
  });

  route(router, `${BASE}/deploy`, {
    post: {
      id: 'deployCoderunnerVersion',
      summary: 'Deploy a Completed version',
      description:
        'The version (by default the recorded one) is read first and must be Completed (3), else 409 ' +
        '`coderunner_version_not_ready`; then upstream POST `/api/deployment/create` with `DefinitionId`, ' +
        '`VersionId` and `Configuration`. The three ids are recorded under `manifest.coderunner`.',
      callers: ['team'],
      body: { content: { 'application/json': DeployAppDto }, required: false },
      responses: ENVELOPE,
      errors: [
        ...WRITE,
        'coderunner_no_definition',
        'coderunner_no_version',
        'coderunner_version_not_ready',
        'invalid_deployment_configuration',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(DeployAppDto, req.body ?? {});
          const envelope = await coderunner.deploy.execute({
            ...change(req, res),
            definitionId: body.DefinitionId,
            versionId: body.VersionId,
            ...deploymentConfiguration(body.Configuration),
          });
          res.json(envelopeJson(envelope));
        },
      ],
    },
  });

  route(router, `${BASE}/run`, {
    post: {
      id: 'runCoderunnerApp',
      summary: "Run the app's code",
      description:
        'With a recorded deployment: `{payload}` is posted to its `configuration.externalEndpoint` (read with ' +
        'upstream GET `/api/deployment/{id}`); otherwise to upstream POST `/api/execution/run/onetime/{definition_id}`. ' +
        '`data.executionId` becomes `manifest.coderunner.last_job_name`, `data.status` `last_job_status`.',
      callers: ['team'],
      body: { content: { 'application/json': RunAppDto }, required: false },
      responses: ENVELOPE,
      errors: [...WRITE, 'coderunner_not_deployed'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(RunAppDto, req.body ?? {});
          const envelope = await coderunner.run.execute({ ...change(req, res), payload: body.payload ?? {} });
          res.json(envelopeJson(envelope));
        },
      ],
    },
  });

  return router;
}
