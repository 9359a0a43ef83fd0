import type { PlatformSettings, UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, Response, Router } from 'express';
import { AddDomainDto, PutAppPublicDto } from '../dto/domain.dto';
import {
  AppPublicAccessSchema,
  appPublicAccessJson,
  CustomDomainSchema,
  customDomainJson,
  DomainVerificationSchema,
  domainVerificationJson,
} from '../mappers/domain.mapper';
import { principalOf, requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/apps/:app_id/coderunner';

const CustomDomainList = Resource('CustomDomainList', { domains: Type.Array(CustomDomainSchema) });

/** Domains are for active `standalone` (and legacy `coderunner`) apps of the workspace. */
const APP: ProblemCode[] = ['app_not_found', 'app_kind_has_no_domains', 'app_archived'];
const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied', ...APP];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];

/**
 * Spec: Custom domains; supplement §8. Team members only. A domain's
 * traffic goes to the app's primary workload; no traffic passes here.
 */
export function domainsRoutes(
  useCases: UseCases,
  settings: Pick<PlatformSettings, 'customDomainTarget'>,
): Router {
  const router = apiRouter('Custom domains');
  const team = requireTeam(useCases);
  const ids = uuidParams('workspace_id', 'app_id');
  const target = (req: Request) => ({
    workspaceId: param(req.params.workspace_id),
    appId: param(req.params.app_id),
  });
  const read = (req: Request, res: Response) => ({ caller: principalOf(res), ...target(req) });
  const write = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    ...target(req),
    context: userContext(req, res),
  });

  route(router, `${BASE}/domains`, {
    get: {
      id: 'listAppDomains',
      summary: "The app's custom domains",
      description: 'By name.',
      callers: ['team'],
      responses: { 200: CustomDomainList },
      errors: READ,
      handlers: [
        team,
        ids,
        async (req, res) => {
          const domains = await useCases.domains.list.execute(read(req, res));
          res.json({ domains: domains.map((d) => customDomainJson(d, settings)) });
        },
      ],
    },
    post: {
      id: 'addAppDomain',
      summary: 'Add a custom domain',
      description:
        'A bare hostname of at least two labels, at most 253 characters; trimmed, lowercased, Unicode ' +
        'labels as punycode. A domain belongs to one app on the whole platform (409 ' +
        '`domain_already_added`); the platform’s own hosts and custom sign-in hosts are 409 ' +
        '`domain_collides_with_branded_host`. It starts `pending`: publish `verification_record` and a ' +
        'CNAME to `cname_target`, then verify.',
      callers: ['team'],
      body: AddDomainDto,
      responses: { 201: CustomDomainSchema },
      errors: [...WRITE, 'invalid_domain', 'domain_already_added', 'domain_collides_with_branded_host'],
      handlers: [
        team,
        ids,
        async (req, res) => {
          const body = parseBody(AddDomainDto, req.body);
          const domain = await useCases.domains.add.execute({ ...write(req, res), domain: body.domain });
          res.status(201).json(customDomainJson(domain, settings));
        },
      ],
    },
  });

  route(router, `${BASE}/domains/:domain`, {
    delete: {
      id: 'deleteAppDomain',
      summary: 'Remove a custom domain',
      description: 'Allowed while the workspace is frozen, as other revocations are.',
      callers: ['team'],
      responses: { 204: null },
      errors: [...READ, 'domain_not_found'],
      handlers: [
        team,
        ids,
        async (req, res) => {
          await useCases.domains.delete.execute({ ...write(req, res), domain: param(req.params.domain) });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/domains/:domain/verify`, {
    post: {
      id: 'verifyAppDomain',
      summary: "Check a custom domain's DNS records now",
      description:
        '`pending`: the TXT record is not there (yet); `verified`: it matches; `active`: it matches and the ' +
        'domain points at `cname_target`; `error`: a lookup failed (`detail` says which and how). The ' +
        'domain reads `verifying` while the check runs.',
      callers: ['team'],
      responses: { 200: DomainVerificationSchema },
      errors: [...WRITE, 'domain_not_found'],
      handlers: [
        team,
        ids,
        async (req, res) => {
          const verification = await useCases.domains.verify.execute({
            ...write(req, res),
            domain: param(req.params.domain),
          });
          res.json(domainVerificationJson(verification));
        },
      ],
    },
  });

  route(router, `${BASE}/public`, {
    get: {
      id: 'getAppPublicAccess',
      summary: "Whether the app's endpoint is public",
      description: 'False until set.',
      callers: ['team'],
      responses: { 200: AppPublicAccessSchema },
      errors: READ,
      handlers: [
        team,
        ids,
        async (req, res) => {
          res.json(appPublicAccessJson(await useCases.domains.getPublic.execute(read(req, res))));
        },
      ],
    },
    put: {
      id: 'putAppPublicAccess',
      summary: "Make the app's endpoint public, or not",
      description:
        'With `public: true` the ingress serving the app (its workload and custom domains) takes callers ' +
        'without a platform token.',
      callers: ['team'],
      body: PutAppPublicDto,
      responses: { 200: AppPublicAccessSchema },
      errors: [...WRITE, 'invalid_public'],
      handlers: [
        team,
        ids,
        async (req, res) => {
          const body = parseBody(PutAppPublicDto, req.body);
          const result = await useCases.domains.putPublic.execute({
            ...write(req, res),
            public: body.public,
          });
          res.json(appPublicAccessJson(result));
        },
      ],
    },
  });

  return router;
}
