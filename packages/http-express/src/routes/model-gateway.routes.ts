import type { UseCases } from '@groundfloor/domain';
import type { Request, Response, Router } from 'express';
import { UsageQueryDto } from '../dto/model-gateway.dto';
import {
  ModelListSchema,
  modelListJson,
  UsageReportSchema,
  usageJson,
  VirtualKeySchema,
} from '../mappers/model-gateway.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseQuery } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/llm';

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const KEY: ProblemCode[] = [...READ, 'model_gateway_not_configured', 'model_gateway_unavailable'];

/**
 * Spec: Model gateway (announced); supplement §14. Team members only. Model
 * requests go to the gateway itself, never through this API.
 */
export function modelGatewayRoutes(useCases: UseCases): Router {
  const router = apiRouter('Model gateway');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const target = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
  });

  route(router, `${BASE}/models`, {
    get: {
      id: 'listModels',
      summary: 'The models the workspace can use through the gateway',
      description:
        "The gateway's catalogue (GET `/v1/models`), then a bring-your-own entry for each provider key among the " +
        'workspace-wide secrets (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `MISTRAL_API_KEY`; key ' +
        'names only, never values). Without an answer from the gateway, `catalog_available` is false.',
      callers: ['team'],
      responses: { 200: ModelListSchema },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          res.json(modelListJson(await useCases.llm.models.execute(target(req, res))));
        },
      ],
    },
  });

  route(router, `${BASE}/usage`, {
    get: {
      id: 'getModelUsage',
      summary: "The workspace's model usage over a window",
      description:
        "The gateway's spend logs from `since_seconds` ago until now. `limit` rows are read first, then rows " +
        'older than the window are dropped, so fewer may return. `cost_usd` is the spend, `cu` is ' +
        '`cost_usd × LLM_CU_PER_USD`. An unreachable (or unconfigured) gateway answers empty rows and zero totals.',
      callers: ['team'],
      query: UsageQueryDto,
      responses: { 200: UsageReportSchema },
      errors: [...READ, 'invalid_query'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const query = parseQuery(UsageQueryDto, req.query, { code: 'invalid_query' });
          const report = await useCases.llm.usage.execute({
            ...target(req, res),
            sinceSeconds: query.since_seconds,
            limit: query.limit,
          });
          res.json(usageJson(report));
        },
      ],
    },
  });

  route(router, `${BASE}/virtual-key`, {
    post: {
      id: 'mintVirtualKey',
      summary: "Mint or rotate the workspace's virtual key",
      description:
        'Answers `{virtual_key}` once (`Cache-Control: no-store`); the platform keeps only its alias. A rotation ' +
        'deletes the previous key at the gateway: after a 200 only the new key works. Refused while the workspace ' +
        'is frozen or the organization suspended. 502 when the gateway cannot mint (or is not configured).',
      callers: ['team'],
      responses: { 200: VirtualKeySchema },
      errors: [...KEY, 'workspace_frozen', 'organization_suspended'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const minted = await useCases.llm.mintVirtualKey.execute({
            ...target(req, res),
            context: userContext(req, res),
          });
          res.setHeader('Cache-Control', 'no-store');
          res.json({ virtual_key: minted.virtual_key });
        },
      ],
    },
    delete: {
      id: 'revokeVirtualKey',
      summary: "Revoke the workspace's virtual key",
      description:
        '204, also when there is no key. Allowed while the workspace is frozen or the organization suspended. ' +
        '502 when the gateway cannot revoke.',
      callers: ['team'],
      responses: { 204: null },
      errors: KEY,
      handlers: [
        team,
        ws,
        async (req, res) => {
          await useCases.llm.revokeVirtualKey.execute({
            ...target(req, res),
            context: userContext(req, res),
          });
          res.status(204).end();
        },
      ],
    },
  });

  return router;
}
