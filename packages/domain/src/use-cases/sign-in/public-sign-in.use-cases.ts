import { requireHostname } from '../../custom-domain/hostname';
import type { Repositories } from '../../ports/repositories.port';
import { addressBucket } from '../../shared/client-address';
import { notFound, rateLimited } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { type Branding, brandingOf, themeCss } from '../../sign-in/branding';
import type { BrandingAssetKind, SignInAsset } from '../../sign-in/sign-in-asset';
import { platformSignInActive, type SignInConfig, type SignInMode } from '../../sign-in/sign-in-config';
import type { Workspace } from '../../workspace/workspace';
import type { Deps } from '../deps';

/*
 * The public sign-in helpers (spec, Public helpers): no token, limited per
 * client address (60 a minute; 429 with Retry-After). They answer what a
 * sign-in page needs and nothing more.
 */

/** The sign-in metadata of a workspace found by its verified custom sign-in host. */
export interface PublicSignInMetadata {
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly mode: SignInMode;
  /** `iss` of app users' tokens while platform sign-in is active; null otherwise. */
  readonly issuer: string | null;
  readonly branding: Branding;
}

/** The public branding of a workspace. */
export interface PublicBranding {
  readonly workspaceId: string;
  /** The branding's display name, or the workspace's name. */
  readonly displayName: string;
  readonly branding: Branding;
}

const hostNotFound = () => notFound('sign_in_host_not_found', 'no workspace signs in at this host');
const workspaceNotFound = () => notFound('workspace_not_found', 'no such workspace');
const assetNotFound = () => notFound('branding_asset_not_found', 'the workspace has no such branding image');

/**
 * One bucket per helper and client address: a sign-in page asks several
 * helpers at once (branding, theme, logo, favicon, background), each of
 * which gets its own 60 a minute.
 */
async function limitPublic(
  deps: Pick<Deps, 'rateLimiter'>,
  ip: string | null,
  helper: string,
): Promise<void> {
  const { limit, windowSeconds } = Limits.publicSignInHelpersPerAddress;
  const decision = await deps.rateLimiter.hit({
    key: `public-sign-in:${helper}:${addressBucket(ip)}`,
    limit,
    windowSeconds,
  });
  if (!decision.allowed)
    throw rateLimited(
      'public_rate_limited',
      `at most ${limit} requests per minute from one address to this public sign-in helper`,
      decision.retryAfterSeconds,
    );
}

/** A verified custom sign-in host's workspace; pending claims and anything that is not a hostname find nothing. */
async function byVerifiedHost(
  repos: Repositories,
  host: string,
): Promise<{ config: SignInConfig; workspace: Workspace }> {
  let hostname: string;
  try {
    hostname = requireHostname(host);
  } catch {
    throw hostNotFound();
  }
  const config = await repos.signInConfigs.findByVerifiedHost(hostname);
  const workspace = config ? await repos.workspaces.findById(config.workspaceId) : null;
  if (!config || !workspace) throw hostNotFound();
  return { config, workspace };
}

async function byWorkspaceId(
  repos: Repositories,
  workspaceId: string,
): Promise<{ config: SignInConfig | null; workspace: Workspace }> {
  const workspace = /^[0-9a-f-]{36}$/i.test(workspaceId)
    ? await repos.workspaces.findById(workspaceId.toLowerCase())
    : null;
  if (!workspace) throw workspaceNotFound();
  return { config: await repos.signInConfigs.find(workspace.id), workspace };
}

/** `GET /v1/public/workspaces/by-host?host=`: only verified hosts resolve (spec: pending claims are ignored). */
export class GetSignInByHost {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'rateLimiter'>) {}

  async execute(input: { host: string; ip: string | null }): Promise<PublicSignInMetadata> {
    await limitPublic(this.deps, input.ip, 'by-host');
    const { config, workspace } = await byVerifiedHost(this.deps.uow.read, input.host);
    return {
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      mode: config.mode,
      issuer: platformSignInActive(config) ? (config.platform?.issuer ?? null) : null,
      branding: brandingOf(config.branding),
    };
  }
}

/** `GET /v1/public/branding?workspace_id=` or `?host=` (a verified sign-in host). */
export class GetPublicBranding {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'rateLimiter'>) {}

  async execute(input: { workspaceId?: string; host?: string; ip: string | null }): Promise<PublicBranding> {
    await limitPublic(this.deps, input.ip, 'branding');
    const { read } = this.deps.uow;
    const { config, workspace } =
      input.host !== undefined
        ? await byVerifiedHost(read, input.host)
        : await byWorkspaceId(read, input.workspaceId ?? '');
    const branding = brandingOf(config?.branding ?? null);
    return { workspaceId: workspace.id, displayName: branding.displayName ?? workspace.name, branding };
  }
}

/** `GET /v1/public/branding/theme.css?workspace_id=` (or `?host=`): CSS custom properties from the colours. */
export class GetBrandingTheme {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'rateLimiter'>) {}

  async execute(input: { workspaceId?: string; host?: string; ip: string | null }): Promise<string> {
    await limitPublic(this.deps, input.ip, 'theme');
    const { read } = this.deps.uow;
    const { config } =
      input.host !== undefined
        ? await byVerifiedHost(read, input.host)
        : await byWorkspaceId(read, input.workspaceId ?? '');
    return themeCss(brandingOf(config?.branding ?? null));
  }
}

/** `GET /v1/public/branding/assets/{kind}?workspace_id=`: the image, or 404 when unset. */
export class GetBrandingAsset {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'rateLimiter'>) {}

  async execute(input: { workspaceId: string; kind: string; ip: string | null }): Promise<SignInAsset> {
    await limitPublic(this.deps, input.ip, 'asset');
    const { read } = this.deps.uow;
    if (!['logo', 'favicon', 'login_background'].includes(input.kind)) throw assetNotFound();
    const { workspace } = await byWorkspaceId(read, input.workspaceId);
    const asset = await read.signInAssets.find(workspace.id, input.kind as BrandingAssetKind);
    if (!asset) throw assetNotFound();
    return asset;
  }
}
