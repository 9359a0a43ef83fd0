import { maskEmail } from '../../shared/text';
import { brandingAssetUrl } from '../../sign-in/branding';
import type { Deps } from '../deps';
import { requireRedeemableLink } from './public-invite-links';

export interface InviteLinkInspection {
  readonly workspaceName: string;
  /** The workspace's logo when it has one (a public branding asset URL); null otherwise. */
  readonly logoUrl: string | null;
  readonly emailMasked: string;
  readonly expiresAt: Date;
}

/**
 * `POST /v1/public/invite-links/inspect` (no token): what the invite page
 * shows before the person chooses a password. Does not use the link up.
 * 410 for any unusable link. The adapter admits the request first
 * (`AdmitPublicInviteRequest`: 10 a minute per address).
 */
export class InspectInviteLink {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'secretTokens' | 'settings'>) {}

  async execute(input: { token: string }): Promise<InviteLinkInspection> {
    const { read } = this.deps.uow;
    const { link, user, workspace } = await requireRedeemableLink(
      read,
      this.deps.secretTokens.hash(input.token),
      this.deps.clock.now(),
    );
    const logo = await read.signInAssets.find(workspace.id, 'logo');
    return {
      workspaceName: workspace.name,
      logoUrl: logo ? brandingAssetUrl(this.deps.settings.publicBaseUrl, workspace.id, 'logo') : null,
      emailMasked: maskEmail(user.email),
      expiresAt: link.expiresAt,
    };
  }
}
