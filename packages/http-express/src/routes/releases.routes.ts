import { pipeline } from 'node:stream/promises';
import {
  Limits,
  type PlatformSettings,
  type ReleaseFile,
  releaseFileNotFound,
  type UseCases,
} from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Request, RequestHandler, Response, Router } from 'express';
import { CreateReleaseUploadDto } from '../dto/release.dto';
import {
  ReleaseSchema,
  ReleaseUploadSchema,
  releaseJson,
  releaseUploadJson,
} from '../mappers/release.mapper';
import { principalOf, requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { sendProblem } from '../problem';
import { finishReading, requestBytes } from '../request-bytes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/apps/:app_id/releases';

const ReleaseList = Resource('ReleaseList', { releases: Type.Array(ReleaseSchema) });

/** Releases are for active `shell_federated` apps of the workspace (spec: Releases). */
const APP: ProblemCode[] = ['app_not_found', 'app_not_shell_federated', 'app_archived'];
const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied', ...APP];
const WRITE: ProblemCode[] = [...READ, 'workspace_frozen', 'organization_suspended'];
/** Where a release is in its life decides whether it takes content or a finalize. */
const LIFE: ProblemCode[] = ['release_not_found', 'release_finalizing', 'release_already_finalized'];
const ZIP: ProblemCode[] = [
  'zip_too_large',
  'zip_too_many_entries',
  'zip_unsafe_path',
  'zip_link_entry',
  'zip_duplicate_entry',
  'zip_invalid',
];

/** A published file never changes (its URL names its release), so it may be kept for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Bytes left unread after a refused upload that are read and dropped so the
 * client hears the answer; a client sending more than this is cut off.
 */
const DRAIN_MAX = Limits.releaseUploadBytesMax;

/** What the public route answers, besides the bytes. */
function serveHeaders(res: Response, file: ReleaseFile): void {
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.sizeBytes));
  // Uploaded content: never sniffed into another type, and a page of it opens
  // in a sandbox, away from anything else served from this origin.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', 'sandbox');
  // Shell hosts on other origins load remote entries as modules (a CORS
  // request); the files are public and no credentials go with them.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * The content is stored as sent, so a body compressed for the transfer
 * (`Content-Encoding`) would be stored compressed and fail finalize's size
 * check: refused at once instead.
 */
const identityEncoding: RequestHandler = (req, res, next) => {
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return next();
  sendProblem(res, {
    status: 415,
    code: 'unsupported_encoding',
    detail: 'send the content without a Content-Encoding: it is stored byte for byte as sent',
  });
};

/** The path after the release id: Express hands a wildcard over as its decoded segments. */
const filePath = (req: Request): string => {
  const value: unknown = req.params.path;
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
};

/** Every 404 of the public route is the same one: a release id that is not a UUID included. */
const releaseIdParam: RequestHandler = (req, res, next) => {
  try {
    uuidParams('release_id')(req, res, next);
  } catch {
    throw releaseFileNotFound();
  }
};

/**
 * Spec: Releases; supplement §9. Team members only: upload-url, content,
 * finalize, list and current; and the unauthenticated file route.
 */
export function releasesRoutes(
  useCases: UseCases,
  settings: Pick<PlatformSettings, 'publicBaseUrl'>,
): Router {
  const router = apiRouter('Releases');
  const team = requireTeam(useCases);
  const ids = uuidParams('workspace_id', 'app_id');
  const releaseIds = uuidParams('workspace_id', 'app_id', 'release_id');
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

  route(router, BASE, {
    get: {
      id: 'listReleases',
      summary: "The app's releases",
      description: 'Newest first, at most 200, whatever their status.',
      callers: ['team'],
      responses: { 200: ReleaseList },
      errors: READ,
      handlers: [
        team,
        ids,
        async (req, res) => {
          const releases = await useCases.releases.list.execute(read(req, res));
          res.json({ releases: releases.map((r) => releaseJson(r, settings)) });
        },
      ],
    },
  });

  route(router, `${BASE}/current`, {
    get: {
      id: 'getCurrentRelease',
      summary: "The app's current release",
      description: 'The latest published release; 404 `current_release_not_found` before the first.',
      callers: ['team'],
      responses: { 200: ReleaseSchema },
      errors: [...READ, 'current_release_not_found'],
      handlers: [
        team,
        ids,
        async (req, res) => {
          res.json(releaseJson(await useCases.releases.current.execute(read(req, res)), settings));
        },
      ],
    },
  });

  route(router, `${BASE}/upload-url`, {
    post: {
      id: 'createReleaseUpload',
      summary: 'Start a release: where to upload its content',
      description:
        '`size_bytes` is required (422 `size_bytes_required`) and at most 33,554,432 (413). The upload URL ' +
        'takes content for one hour. Refused (507) when the organization has no room for it in `files.bytes`.',
      callers: ['team'],
      body: CreateReleaseUploadDto,
      responses: { 201: ReleaseUploadSchema },
      errors: [
        ...WRITE,
        'size_bytes_required',
        'invalid_size_bytes',
        'release_too_large',
        'invalid_bundle',
        'invalid_release_label',
        'files_quota_exceeded',
      ],
      handlers: [
        team,
        ids,
        async (req, res) => {
          const body = parseBody(CreateReleaseUploadDto, req.body);
          const upload = await useCases.releases.createUpload.execute({
            ...write(req, res),
            bundle: body.bundle,
            label: body.label,
            sizeBytes: body.size_bytes,
          });
          res.status(201).json(releaseUploadJson(upload));
        },
      ],
    },
  });

  route(router, `${BASE}/:release_id/content`, {
    put: {
      id: 'uploadReleaseContent',
      summary: "Upload a release's content",
      description:
        'The raw bytes (any content type, no `Content-Encoding`), streamed to storage as they arrive: at ' +
        'most 32 MiB (413), and no ' +
        "more than the organization's `files.bytes` room (507). Content may be sent again until finalize; " +
        'the last upload counts. After `expires_at`, 409 `release_upload_expired`.',
      callers: ['team'],
      body: {
        bytes: ['application/octet-stream', 'application/zip', 'text/javascript'],
        description: 'the remote entry file itself (`remote_entry`), or the zip archive (`zip`)',
      },
      responses: { 204: null },
      errors: [
        ...WRITE,
        ...LIFE,
        'release_upload_expired',
        'release_too_large',
        'files_quota_exceeded',
        'unsupported_encoding',
      ],
      handlers: [
        team,
        releaseIds,
        identityEncoding,
        async (req, res) => {
          try {
            await useCases.releases.uploadContent.execute({
              ...write(req, res),
              releaseId: param(req.params.release_id),
              content: requestBytes(req),
            });
          } finally {
            await finishReading(req, DRAIN_MAX);
          }
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/:release_id/finalize`, {
    post: {
      id: 'finalizeRelease',
      summary: 'Publish a release',
      description:
        'Checks the upload is exactly `size_bytes` long (400 `size_mismatch`; send it again), unpacks a zip ' +
        '(400 `zip_*`; at most 256 MiB and 2,000 entries, no absolute paths, `..` or links) and needs ' +
        '`remoteEntry.js` at its root or in its single top folder (409). The release becomes the app’s ' +
        'current one. A release is finalized once: a refused archive needs a new upload URL.',
      callers: ['team'],
      responses: { 200: ReleaseSchema },
      errors: [
        ...WRITE,
        ...LIFE,
        'release_not_uploaded',
        'size_mismatch',
        ...ZIP,
        'remote_entry_missing',
        'files_quota_exceeded',
      ],
      handlers: [
        team,
        releaseIds,
        async (req, res) => {
          const release = await useCases.releases.finalize.execute({
            ...write(req, res),
            releaseId: param(req.params.release_id),
          });
          res.json(releaseJson(release, settings));
        },
      ],
    },
  });

  route(router, '/v1/public/releases/:release_id/*path', {
    get: {
      id: 'getReleaseFile',
      summary: 'A file of a published release',
      description:
        'No token. Served with its content type (from the extension) and cached for good ' +
        '(`Cache-Control: public, max-age=31536000, immutable`): a release never changes. Any origin may ' +
        'load it. An unknown or unpublished release, an archived app or a missing file is 404.',
      callers: [],
      responses: {
        200: {
          description: "the file's bytes",
          contentType: '*/*',
          schema: Type.String({ contentMediaType: 'application/octet-stream' }),
          headers: {
            'Cache-Control': {
              description: '`public, max-age=31536000, immutable`',
              schema: Type.String(),
            },
          },
        },
      },
      errors: ['release_file_not_found'],
      handlers: [
        releaseIdParam,
        async (req, res) => {
          const headersOnly = req.method === 'HEAD';
          const file = await useCases.releases.publicFile.execute({
            releaseId: param(req.params.release_id),
            path: filePath(req),
            headersOnly,
          });
          serveHeaders(res, file);
          // HEAD: nothing was opened, nothing is sent.
          if (headersOnly) res.end();
          else await pipeline(file.content, res);
        },
      ],
    },
  });

  return router;
}
