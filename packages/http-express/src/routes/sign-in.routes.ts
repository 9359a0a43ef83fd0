import {
  BRANDING_ASSET_KINDS,
  type BrandingAssetKind,
  type BrandingImageInput,
  type BrandingInput,
  invalid,
  type SignInMailInput,
  type UseCases,
} from '@groundfloor/domain';
import type { Request, Response, Router } from 'express';
import {
  DeletePlatformSignInDto,
  MultiTenantDto,
  PutSignInConfigDto,
  SignInBrandingDto,
  SignInHostDto,
  SignInMailDto,
  TestSignInMailDto,
} from '../dto/sign-in.dto';
import {
  MailTestResultSchema,
  mailTestResultJson,
  SignInConfigSchema,
  SignInHostCheckSchema,
  type SignInSettings,
  signInConfigJson,
  signInHostCheckJson,
} from '../mappers/sign-in.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { parseBlock } from '../nested-body';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/auth';

const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const CHANGE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];
const MAIL_SETTINGS: ProblemCode[] = [
  'invalid_mail_settings',
  'mail_host_not_public',
  'mail_host_unresolvable',
];

const DATA_URL =
  /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** A branding image sent as a data URL; the domain checks its type, bytes and size. */
function imageOf(
  kind: BrandingAssetKind,
  value: string | null | undefined,
): BrandingImageInput | null | undefined {
  if (value === undefined || value === null) return value;
  const match = DATA_URL.exec(value.replace(/\s+/g, ''));
  if (!match)
    throw invalid('invalid_branding_image', `branding.${kind} must be a base64 data URL`, [
      { field: `branding.${kind}`, message: 'must be a data URL: data:<type>;base64,<bytes>' },
    ]);
  return {
    contentType: match[1] as string,
    bytes: new Uint8Array(Buffer.from(match[3] as string, 'base64')),
  };
}

function brandingOf(value: unknown): BrandingInput | null | undefined {
  if (value === undefined || value === null) return value;
  const b = parseBlock(SignInBrandingDto, value, 'branding');
  const images: Partial<Record<BrandingAssetKind, BrandingImageInput | null>> = {};
  for (const kind of BRANDING_ASSET_KINDS) {
    const image = imageOf(kind, b[kind]);
    if (image !== undefined) images[kind] = image;
  }
  return {
    ...(b.display_name !== undefined ? { displayName: b.display_name } : {}),
    ...(b.primary_color !== undefined ? { primaryColor: b.primary_color } : {}),
    ...(b.background_color !== undefined ? { backgroundColor: b.background_color } : {}),
    ...(b.text_color !== undefined ? { textColor: b.text_color } : {}),
    images,
  };
}

export function mailOf(value: unknown): SignInMailInput {
  const m = parseBlock(SignInMailDto, value, 'mail');
  const out: Record<string, unknown> = {};
  const take = (from: keyof SignInMailDto, to: keyof SignInMailInput) => {
    if (m[from] !== undefined) out[to] = m[from];
  };
  take('mode', 'mode');
  take('from_display_name', 'fromDisplayName');
  take('from_email', 'fromEmail');
  take('host', 'host');
  take('port', 'port');
  take('username', 'username');
  take('password', 'password');
  take('ssl', 'ssl');
  take('starttls', 'starttls');
  return out as SignInMailInput;
}

/**
 * Spec: Workspace sign-in configuration, the mail block and the custom
 * sign-in host. Team members only; reads need `read`, everything else
 * `administer` (docs/sign-in.md).
 */
export function signInRoutes(useCases: UseCases, settings: SignInSettings): Router {
  const router = apiRouter('Workspace sign-in');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const target = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
  });

  route(router, BASE, {
    get: {
      id: 'getSignInConfig',
      summary: "The workspace's sign-in configuration",
      description:
        'A workspace that never configured sign-in reads as the default (mode `none`). `cname_target` is ' +
        'added while a custom sign-in host is set. A pending host claim unverified for 14 days is cleared ' +
        'when read. Never a mail password: `mail.password_set` says whether one is stored.',
      callers: ['team'],
      responses: { 200: SignInConfigSchema },
      errors: READ,
      handlers: [
        team,
        ws,
        async (req, res) => {
          res.json(signInConfigJson(await useCases.signInConfig.get.execute(target(req, res)), settings));
        },
      ],
    },
    put: {
      id: 'putSignInConfig',
      summary: "Change the workspace's sign-in configuration",
      description:
        'A partial change: blocks left out stay as they are, and read-only fields sent back from a GET are ' +
        'ignored. `mode`: becoming `platform` creates (or re-activates) the platform block; leaving it ' +
        'keeps the block `disabled` (users are not deleted). `multi_tenant.enabled: true` needs active ' +
        'platform sign-in, in this request or before (409). `host.custom_domain` claims a custom sign-in ' +
        'host (pending; verify with POST auth/host/verification). `branding` changes the fields sent ' +
        '(null removes all branding); images are data URLs. `mail`: `custom` replaces the whole block ' +
        '(rules in docs/sign-in.md); no `host` and no `mode`, or `mode: platform`, deletes the custom ' +
        'settings and password. Refused while the workspace is frozen.',
      callers: ['team'],
      body: PutSignInConfigDto,
      responses: { 200: SignInConfigSchema },
      errors: [
        ...CHANGE,
        'invalid_sign_in_mode',
        'invalid_external_settings',
        'platform_sign_in_required',
        'invalid_domain',
        'sign_in_host_taken',
        'sign_in_host_collides',
        'invalid_branding',
        'invalid_branding_image',
        ...MAIL_SETTINGS,
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(PutSignInConfigDto, req.body);
          if (body.platform !== undefined && body.platform !== null && typeof body.platform !== 'object')
            throw invalid('validation_failed', 'platform must be an object', [
              { field: 'platform', message: 'must be an object' },
            ]);
          const multiTenant =
            body.multi_tenant === undefined
              ? undefined
              : parseBlock(MultiTenantDto, body.multi_tenant, 'multi_tenant');
          const host = body.host === undefined ? undefined : parseBlock(SignInHostDto, body.host, 'host');
          const view = await useCases.signInConfig.put.execute({
            ...target(req, res),
            ...(body.mode !== undefined ? { mode: body.mode } : {}),
            ...(body.external !== undefined ? { external: body.external } : {}),
            ...(multiTenant ? { multiTenant: { enabled: multiTenant.enabled } } : {}),
            ...(host && host.custom_domain !== undefined ? { customDomain: host.custom_domain } : {}),
            ...(body.branding !== undefined ? { branding: brandingOf(body.branding) } : {}),
            ...(body.mail !== undefined ? { mail: mailOf(body.mail) } : {}),
            context: userContext(req, res),
          });
          res.json(signInConfigJson(view, settings));
        },
      ],
    },
  });

  route(router, `${BASE}/platform`, {
    delete: {
      id: 'deletePlatformSignIn',
      summary: 'Delete platform sign-in and its directory',
      description:
        'Body `{confirm_name}`: the workspace name, trimmed and in any letter case (else 400, a missing ' +
        'or non-string one or no body included). Refused while ' +
        'the mode is `platform` (409) and while the workspace is frozen. Deletes the app users (with their ' +
        'links, sessions and tenant memberships), custom app roles, tenants, SSO connections, the platform ' +
        'block, branding and its images, and custom mail settings; turns multi-tenant off. Keeps the mode, ' +
        'the external settings, the custom sign-in host, Access grants and M2M clients. Deleting again ' +
        'answers 204 too.',
      callers: ['team'],
      body: DeletePlatformSignInDto,
      responses: { 204: null },
      errors: [...CHANGE, 'confirm_name_mismatch', 'platform_sign_in_in_use'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          // No body (or one that is not an object) names nothing: the use case answers 400
          // after its permission checks, as for a wrong name; unknown fields stay 422.
          const named = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body);
          const confirmName = named ? parseBody(DeletePlatformSignInDto, req.body).confirm_name : undefined;
          await useCases.signInConfig.deletePlatform.execute({
            ...target(req, res),
            confirmName: typeof confirmName === 'string' ? confirmName : null,
            context: userContext(req, res),
          });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/mail/test`, {
    post: {
      id: 'testSignInMail',
      summary: 'Send a test sign-in email to yourself',
      description:
        "Goes to the caller's own account email, which must be verified (else 400); there is no recipient " +
        'field. No body (or no `mail`) tests the saved settings; `{mail: {…}}` tests those settings unsaved, ' +
        'checked as PUT checks them (an omitted password is the saved one under the kept-password rule). ' +
        '`ok: false` comes with a short `error`. At most 5 per person per minute (429).',
      callers: ['team'],
      body: { content: { 'application/json': TestSignInMailDto }, required: false },
      responses: { 200: MailTestResultSchema },
      errors: [...READ, 'own_email_not_verified', 'mail_test_rate_limited', ...MAIL_SETTINGS],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const empty =
            req.body === undefined ||
            (typeof req.body === 'object' && req.body !== null && Object.keys(req.body).length === 0);
          const body = empty ? {} : parseBody(TestSignInMailDto, req.body);
          const result = await useCases.signInConfig.testMail.execute({
            ...target(req, res),
            ...(body.mail !== undefined ? { mail: mailOf(body.mail) } : {}),
            context: userContext(req, res),
          });
          res.json(mailTestResultJson(result));
        },
      ],
    },
  });

  route(router, `${BASE}/host/verification`, {
    post: {
      id: 'requestSignInHostVerification',
      summary: 'Issue a new verification token for the custom sign-in host',
      description:
        'For a pending host: a new token and a restarted 14-day clock. Answers the configuration, whose ' +
        '`host.custom_domain_verification` holds the TXT record to publish. A verified host is left as it ' +
        'is. 409 without a claimed host.',
      callers: ['team'],
      responses: { 200: SignInConfigSchema },
      errors: [...CHANGE, 'sign_in_host_not_set'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const view = await useCases.signInConfig.requestHostVerification.execute({
            ...target(req, res),
            context: userContext(req, res),
          });
          res.json(signInConfigJson(view, settings));
        },
      ],
    },
  });

  route(router, `${BASE}/host/verification/check`, {
    post: {
      id: 'checkSignInHostVerification',
      summary: 'Check the custom sign-in host in DNS',
      description:
        'Looks up `_svc-verify.<host>`; when it holds `svc-verify=<token>` the host becomes `verified`. ' +
        '`check` says what was found. 409 without a claimed host (also once an expired claim was cleared).',
      callers: ['team'],
      responses: { 200: SignInHostCheckSchema },
      errors: [...CHANGE, 'sign_in_host_not_set'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const view = await useCases.signInConfig.checkHostVerification.execute({
            ...target(req, res),
            context: userContext(req, res),
          });
          res.json(signInHostCheckJson(view, settings));
        },
      ],
    },
  });

  return router;
}
