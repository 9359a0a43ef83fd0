import { isUsable } from '../../auth/password-link';
import { gone } from '../../shared/domain-error';
import { maskEmail } from '../../shared/text';
import type { Deps } from '../deps';

export const unusableLink = () => gone('link_unusable', 'this link is unknown, expired, used or cancelled');

/** Tells the set-password page whose link it is, without using it up. */
export class InspectPasswordLink {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'secretTokens'>) {}

  async execute(input: { token: string }): Promise<{ email_masked: string; expires_at: Date }> {
    const { uow, clock, secretTokens } = this.deps;
    const link = await uow.read.passwordLinks.findByTokenHash(secretTokens.hash(input.token));
    if (!link || !isUsable(link, clock.now())) throw unusableLink();
    const user = await uow.read.users.findById(link.userId);
    if (!user || user.idpRealm !== null) throw unusableLink();
    return { email_masked: maskEmail(user.email), expires_at: link.expiresAt };
  }
}
