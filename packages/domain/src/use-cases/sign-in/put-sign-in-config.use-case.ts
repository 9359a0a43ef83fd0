import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { requireHostname } from '../../custom-domain/hostname';
import { DomainError, invalid } from '../../shared/domain-error';
import { utf8Encode } from '../../shared/utf8';
import {
  applyBranding,
  type BrandingInput,
  brandingOf,
  brandingRecord,
  NO_BRANDING,
  requireBrandingInput,
} from '../../sign-in/branding';
import {
  invalidExternalSettings,
  invalidSignInMode,
  platformSignInRequired,
  signInHostTaken,
} from '../../sign-in/sign-in.errors';
import { changeMode, type PlatformBlockEffect } from '../../sign-in/sign-in.machine';
import { BRANDING_ASSET_KINDS } from '../../sign-in/sign-in-asset';
import {
  platformSignInActive,
  SIGN_IN_MODES,
  type SignInMail,
  type SignInMode,
} from '../../sign-in/sign-in-config';
import { claimedHost, clearedHost } from '../../sign-in/sign-in-host';
import { mailPasswordContext } from '../../sign-in/sign-in-mail';
import {
  customMailOf,
  type MailRequest,
  parseMailInput,
  type SignInMailInput,
  sameMail,
} from '../../sign-in/sign-in-mail-input';
import type { Deps } from '../deps';
import { requirePublicMailHost } from './public-mail-host';
import { clearExpiredHostClaim, loadSignInConfig, type SignInConfigView } from './sign-in-config-store';
import { requireClaimableHost } from './sign-in-host-claim';

/** The partial body of PUT auth (spec): every part optional; read-only parts sent back are ignored. */
export interface PutSignInConfigInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly mode?: string;
  /** The external identity provider's settings (inner fields: the caller's); null removes them. */
  readonly external?: Record<string, unknown> | null;
  readonly multiTenant?: { readonly enabled: boolean };
  /** Absent: unchanged; null: the claim removed; a host: claimed (pending) unless it is already this one. */
  readonly customDomain?: string | null;
  /** Absent: unchanged; null: every branding field and image removed. */
  readonly branding?: BrandingInput | null;
  readonly mail?: SignInMailInput;
  readonly context: RequestContext;
}

const EXTERNAL_MAX_BYTES = 8192;

function requireExternal(external: Record<string, unknown> | null): Record<string, unknown> | null {
  if (external === null) return null;
  if (typeof external !== 'object' || Array.isArray(external))
    throw invalidExternalSettings('must be a JSON object');
  if (utf8Encode(JSON.stringify(external)).length > EXTERNAL_MAX_BYTES)
    throw invalidExternalSettings(`must be at most ${EXTERNAL_MAX_BYTES} bytes of JSON`);
  return external;
}

function requireMode(mode: string): SignInMode {
  if (!(SIGN_IN_MODES as readonly string[]).includes(mode)) throw invalidSignInMode();
  return mode as SignInMode;
}

function requireCustomDomain(value: string): string {
  try {
    return requireHostname(value);
  } catch (err) {
    if (err instanceof DomainError)
      throw invalid('invalid_domain', err.detail, [
        { field: 'host.custom_domain', message: err.detail.replace(/^domain /, '') },
      ]);
    throw err;
  }
}

/** What the audit says of a mail change: never the password, only whether it was set, kept or removed. */
function mailAudit(before: SignInMail, after: SignInMail, passwordSent: boolean) {
  if (after.mode === 'platform')
    return { mode: 'platform', custom_settings_deleted: before.mode === 'custom' };
  const hadPassword = before.mode === 'custom' && before.password !== null;
  const password = passwordSent
    ? after.password
      ? 'set'
      : 'removed'
    : after.password
      ? 'kept'
      : hadPassword
        ? 'dropped'
        : 'none';
  return {
    mode: 'custom',
    host: after.host,
    port: after.port,
    ssl: after.ssl,
    starttls: after.starttls,
    password,
  };
}

/**
 * `PUT /auth` (administer): a partial change of the workspace's sign-in
 * configuration. Everything is checked before anything is written (the
 * mail host's DNS and the password's sealing happen before the
 * transaction, so no lock waits on them); then, in one transaction with
 * one audit event: the mode (sign-in.machine.ts), multi-tenant (409
 * without active platform sign-in), external settings, the custom host
 * claim, branding with its images, and the mail block. Refused while the
 * workspace is frozen or its organization suspended, like other workspace
 * configuration changes.
 */
export class PutSignInConfig {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'kms' | 'dns' | 'settings' | 'secretTokens'>,
  ) {}

  async execute(input: PutSignInConfigInput): Promise<SignInConfigView> {
    const mode = input.mode === undefined ? undefined : requireMode(input.mode);
    const external = input.external === undefined ? undefined : requireExternal(input.external);
    const customDomain =
      input.customDomain === undefined || input.customDomain === null
        ? input.customDomain
        : requireCustomDomain(input.customDomain);
    const branding = input.branding ? requireBrandingInput(input.branding) : input.branding;
    const mail: MailRequest | undefined = input.mail === undefined ? undefined : parseMailInput(input.mail);
    // Permission first: nobody without it makes the server look up a mail host or seal a password.
    await authorizeWorkspaceChange(
      this.deps.uow.read,
      input.userId,
      input.workspaceId,
      'administer',
      this.deps.clock.now(),
    );
    let sealedPassword: Awaited<ReturnType<Deps['kms']['seal']>> | null | undefined;
    if (mail?.kind === 'custom') {
      await requirePublicMailHost(this.deps.dns, mail.draft.host, this.deps.settings.allowPrivateMailHosts);
      sealedPassword =
        typeof mail.password === 'string'
          ? await this.deps.kms.seal(utf8Encode(mail.password), mailPasswordContext(input.workspaceId))
          : mail.password;
    }

    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const config = await loadSignInConfig(tx, workspace.id, now, { forUpdate: true });
      await clearExpiredHostClaim(tx, this.deps, config, organization.id, now);
      const details: Record<string, unknown> = {};

      if (mode !== undefined && mode !== config.mode) {
        const from = config.mode;
        const effect: PlatformBlockEffect = changeMode(config, mode, now, this.deps.settings.publicBaseUrl);
        details.mode = { from, to: mode, platform: effect };
        // Leaving platform sign-in ends every app user's session for good: coming back to
        // platform later does not bring tokens issued before back to life.
        if (effect === 'disable')
          details.mode = {
            ...(details.mode as object),
            sessions_revoked: await tx.appUserSessions.revokeAllInWorkspace(workspace.id, now),
          };
      }

      if (input.multiTenant !== undefined) {
        const enabled = input.multiTenant.enabled;
        if (enabled && !platformSignInActive(config)) throw platformSignInRequired('multi-tenant');
        if (enabled !== config.multiTenant.enabled) {
          config.multiTenant = { enabled };
          details.multi_tenant = { enabled };
        }
      }

      if (external !== undefined && JSON.stringify(external) !== JSON.stringify(config.external)) {
        config.external = external;
        details.external = external === null ? 'removed' : { keys: Object.keys(external).sort() };
      }

      if (customDomain !== undefined && customDomain !== config.host.customDomain) {
        if (customDomain === null) config.host = clearedHost();
        else {
          await requireClaimableHost(tx, this.deps, workspace.id, customDomain, now);
          config.host = claimedHost(customDomain, this.deps.secretTokens.generate(), now);
        }
        details.host = { custom_domain: customDomain, status: config.host.customDomainStatus };
      }

      if (branding !== undefined) {
        const current = brandingOf(config.branding);
        if (branding === null) {
          const had = Object.keys(current.images) as (typeof BRANDING_ASSET_KINDS)[number][];
          if (brandingRecord(current) !== null) {
            for (const kind of had) await tx.signInAssets.delete(workspace.id, kind);
            config.branding = brandingRecord(NO_BRANDING);
            details.branding = 'removed';
          }
        } else {
          const change = applyBranding(workspace.id, current, branding, now);
          if (change.changed.length > 0) {
            for (const asset of change.saveAssets) await tx.signInAssets.save(asset);
            for (const kind of change.deleteAssets) await tx.signInAssets.delete(workspace.id, kind);
            config.branding = brandingRecord(change.branding);
            details.branding = { changed: change.changed };
          }
        }
      }

      if (mail !== undefined) {
        const before = config.mail;
        const after: SignInMail =
          mail.kind === 'platform' ? { mode: 'platform' } : customMailOf(before, mail.draft, sealedPassword);
        if (!sameMail(before, after)) {
          config.mail = after;
          details.mail = mailAudit(before, after, sealedPassword !== undefined);
        }
      }

      if (Object.keys(details).length > 0) {
        config.updatedAt = now;
        try {
          await tx.signInConfigs.save(config);
        } catch (err) {
          if (err instanceof DomainError && err.code === 'duplicate') throw signInHostTaken();
          throw err;
        }
        await recordAudit(tx, this.deps, input.context, now, {
          action: 'sign_in.updated',
          organizationId: organization.id,
          workspaceId: workspace.id,
          target: { type: 'workspace', id: workspace.id },
          details,
        });
      }
      return { config, organizationName: organization.name, workspaceName: workspace.name };
    });
  }
}
