import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, Response, Router } from 'express';
import {
  AppAccessDto,
  AppBySlugQueryDto,
  CompareAppsQueryDto,
  CreateAppDto,
  ListAppsQueryDto,
  PromoteAppsDto,
  promotionPairs,
  refuseUnknownGrantFields,
  UpdateAppDto,
} from '../dto/app.dto';
import {
  AppAccessSchema,
  AppComparisonSchema,
  AppPromotionSchema,
  AppSchema,
  appAccessJson,
  appComparisonJson,
  appJson,
  appPromotionJson,
  ShellConfigSchema,
  shellConfigJson,
} from '../mappers/apps.mapper';
import { principalOf, requireCaller, requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody, parseQuery } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/apps';

const AppList = Resource('AppList', { apps: Type.Array(AppSchema) });

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];
const WORKLOAD: ProblemCode[] = ['workload_not_found', 'workload_archived', 'workload_not_a_service'];
const ENVIRONMENTS: ProblemCode[] = [
  'environment_not_found',
  'environment_inactive',
  'identical_environments',
];

const text = (value: string | null | undefined) => (value === undefined ? undefined : value);

/**
 * Spec: Apps (apps, app access, compare and promote; releases and custom
 * domains have routes of their own). Team members; app users' tokens only on
 * the four reads an app needs (list, one app, by slug, shell config), where
 * they see the active apps their roles may launch.
 */
export function appsRoutes(useCases: UseCases): Router {
  const router = apiRouter('Apps');
  const team = requireTeam(useCases);
  // The reads an app needs also take its users' tokens, within their workspace (supplement §3, §15).
  const appReader = requireCaller(useCases, { kinds: ['team', 'app_user'] });
  const ws = uuidParams('workspace_id');
  const one = uuidParams('workspace_id', 'app_id');
  const appOf = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
    appId: param(req.params.app_id),
  });

  route(router, BASE, {
    get: {
      id: 'listApps',
      summary: 'The apps of a workspace, oldest first (at most 200)',
      callers: ['team', 'app_user'],
      query: ListAppsQueryDto,
      responses: { 200: AppList },
      errors: [...READ, 'app_kind_filter_invalid'],
      handlers: [
        appReader,
        ws,
        async (req, res) => {
          const query = parseQuery(ListAppsQueryDto, req.query, {
            code: { kind: 'app_kind_filter_invalid' },
          });
          const apps = await useCases.apps.list.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            kind: query.kind,
            includeArchived: query.include_archived === 'true',
          });
          res.json({ apps: apps.map(appJson) });
        },
      ],
    },
    post: {
      id: 'createApp',
      summary: 'Create an app',
      description:
        '`app_kind` `shell_federated` (default) or `standalone`; the legacy `coderunner` is refused. Without ' +
        '`environment_id` the app targets the active `dev` environment, or the only active one.',
      callers: ['team'],
      body: CreateAppDto,
      responses: { 201: AppSchema },
      errors: [
        ...WRITE,
        ...WORKLOAD,
        'invalid_name',
        'invalid_app_slug',
        'app_slug_taken',
        'app_kind_not_creatable',
        'primary_coderunner_required',
        'environment_required',
        'environment_not_found',
        'environment_inactive',
        'invalid_manifest',
        'invalid_git_repo_url',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(CreateAppDto, req.body);
          const app = await useCases.apps.create.execute({
            userId: teamPrincipal(res).userId,
            workspaceId: param(req.params.workspace_id),
            name: body.name,
            slug: body.slug,
            appKind: body.app_kind,
            environmentId: body.environment_id?.toLowerCase(),
            primaryCoderunnerId: body.primary_coderunner_id?.toLowerCase() ?? body.primary_coderunner_id,
            manifest: body.manifest,
            gitRepoUrl: text(body.git_repo_url),
            context: userContext(req, res),
          });
          res.status(201).json(appJson(app));
        },
      ],
    },
  });

  // Literal paths before `/:app_id`, which would otherwise take them as ids.
  route(router, `${BASE}/by-slug`, {
    get: {
      id: 'getAppBySlug',
      summary: 'The Shell configuration of a shell_federated app, by slug',
      description: 'An unknown slug, an archived app and an app of another kind are all 404.',
      callers: ['team', 'app_user'],
      query: AppBySlugQueryDto,
      responses: { 200: ShellConfigSchema },
      errors: [...READ, 'app_not_found'],
      handlers: [
        appReader,
        ws,
        async (req, res) => {
          const { slug } = parseQuery(AppBySlugQueryDto, req.query);
          const config = await useCases.apps.getBySlug.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            slug,
          });
          res.json(shellConfigJson(config));
        },
      ],
    },
  });

  route(router, `${BASE}/compare`, {
    get: {
      id: 'compareApps',
      summary: 'How the apps of two environments differ',
      description: 'Apps are paired through promotion; each active app of either environment appears once.',
      callers: ['team'],
      query: CompareAppsQueryDto,
      responses: { 200: AppComparisonSchema },
      errors: [...READ, ...ENVIRONMENTS],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const query = parseQuery(CompareAppsQueryDto, req.query);
          const source = query.source_environment_id.toLowerCase();
          const target = query.target_environment_id.toLowerCase();
          const apps = await useCases.apps.compare.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            sourceEnvironmentId: source,
            targetEnvironmentId: target,
          });
          res.json(appComparisonJson(source, target, apps));
        },
      ],
    },
  });

  route(router, `${BASE}/promote`, {
    post: {
      id: 'promoteApps',
      summary: 'Promote apps (and optionally a release each) to another environment',
      description:
        'A pair that cannot be promoted lands in `failed` with its code; the others go ahead. `dry_run` ' +
        'answers what would happen and changes nothing.',
      callers: ['team'],
      body: PromoteAppsDto,
      responses: { 200: AppPromotionSchema },
      errors: [...WRITE, ...ENVIRONMENTS, 'duplicate_pair', 'too_many_pairs'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(PromoteAppsDto, req.body);
          const result = await useCases.apps.promote.execute({
            userId: teamPrincipal(res).userId,
            workspaceId: param(req.params.workspace_id),
            sourceEnvironmentId: body.source_environment_id.toLowerCase(),
            targetEnvironmentId: body.target_environment_id.toLowerCase(),
            pairs: promotionPairs(body.pairs),
            dryRun: body.dry_run,
            context: userContext(req, res),
          });
          res.json(appPromotionJson(result));
        },
      ],
    },
  });

  route(router, `${BASE}/:app_id`, {
    get: {
      id: 'getApp',
      summary: 'One app, archived or not',
      callers: ['team', 'app_user'],
      responses: { 200: AppSchema },
      errors: [...READ, 'app_not_found'],
      handlers: [
        appReader,
        one,
        async (req, res) => {
          const app = await useCases.apps.get.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            appId: param(req.params.app_id),
          });
          res.json(appJson(app));
        },
      ],
    },
    patch: {
      id: 'updateApp',
      summary: 'Change an app',
      description:
        '`name`, `manifest` (replaced whole), `git_repo_url` (null clears it) and `primary_coderunner_id`. ' +
        'The slug never changes.',
      callers: ['team'],
      body: UpdateAppDto,
      responses: { 200: AppSchema },
      errors: [
        ...WRITE,
        ...WORKLOAD,
        'app_not_found',
        'app_archived',
        'invalid_name',
        'invalid_manifest',
        'invalid_git_repo_url',
        'primary_coderunner_required',
      ],
      handlers: [
        team,
        one,
        async (req, res) => {
          const body = parseBody(UpdateAppDto, req.body);
          const app = await useCases.apps.update.execute({
            ...appOf(req, res),
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.manifest === undefined ? {} : { manifest: body.manifest }),
            ...(body.git_repo_url === undefined ? {} : { gitRepoUrl: body.git_repo_url }),
            ...(body.primary_coderunner_id === undefined
              ? {}
              : { primaryCoderunnerId: body.primary_coderunner_id?.toLowerCase() ?? null }),
            context: userContext(req, res),
          });
          res.json(appJson(app));
        },
      ],
    },
    delete: {
      id: 'archiveApp',
      summary: 'Archive an app',
      description: 'Its slug stays taken, so restoring it never collides. Archiving again changes nothing.',
      callers: ['team'],
      responses: { 204: null },
      errors: [...WRITE, 'app_not_found'],
      handlers: [
        team,
        one,
        async (req, res) => {
          await useCases.apps.archive.execute({ ...appOf(req, res), context: userContext(req, res) });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/:app_id/restore`, {
    post: {
      id: 'restoreApp',
      summary: 'Restore an archived app',
      description:
        'Its current release counts in `files.bytes` again: a restore that would take the organization past ' +
        'the limit is 507 `files_quota_exceeded`, as an upload would be.',
      callers: ['team'],
      responses: { 200: AppSchema },
      errors: [...WRITE, 'app_not_found', 'app_not_archived', 'files_quota_exceeded'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const app = await useCases.apps.restore.execute({
            ...appOf(req, res),
            context: userContext(req, res),
          });
          res.json(appJson(app));
        },
      ],
    },
  });

  route(router, `${BASE}/:app_id/shell-config`, {
    get: {
      id: 'getShellConfig',
      summary: 'The Shell configuration of a shell_federated app',
      callers: ['team', 'app_user'],
      responses: { 200: ShellConfigSchema },
      errors: [...READ, 'app_not_found', 'app_archived', 'app_not_shell_federated'],
      handlers: [
        appReader,
        one,
        async (req, res) => {
          const config = await useCases.apps.shellConfig.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            appId: param(req.params.app_id),
          });
          res.json(shellConfigJson(config));
        },
      ],
    },
  });

  route(router, `${BASE}/:app_id/access`, {
    get: {
      id: 'getAppAccess',
      summary: 'Who may launch the app',
      callers: ['team'],
      responses: { 200: AppAccessSchema },
      errors: [...READ, 'app_not_found'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const access = await useCases.apps.getAccess.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            appId: param(req.params.app_id),
          });
          res.json(appAccessJson(access));
        },
      ],
    },
    put: {
      id: 'putAppAccess',
      summary: 'Replace who may launch the app',
      description:
        '`workspace`: anyone who can read the workspace; `restricted`: only the site roles in `grants` ' +
        '(`admin` too only when listed). `grants` omitted is `[]`.',
      callers: ['team'],
      body: AppAccessDto,
      responses: { 200: AppAccessSchema },
      errors: [
        ...WRITE,
        'app_not_found',
        'app_archived',
        'invalid_visibility',
        'invalid_grant_action',
        'unknown_site_role',
      ],
      handlers: [
        team,
        one,
        async (req, res) => {
          const body = parseBody(AppAccessDto, req.body);
          refuseUnknownGrantFields({ grants: { list: body.grants, fields: ['role', 'action'] } });
          const access = await useCases.apps.putAccess.execute({
            caller: principalOf(res),
            workspaceId: param(req.params.workspace_id),
            appId: param(req.params.app_id),
            visibility: body.visibility,
            grants: (body.grants ?? []).map((g) => ({
              role: String(g.role ?? ''),
              action: String(g.action ?? ''),
            })),
            context: userContext(req, res),
          });
          res.json(appAccessJson(access));
        },
      ],
    },
  });

  return router;
}
