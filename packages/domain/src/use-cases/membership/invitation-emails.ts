import { type EmailOutcome, emailOutcome } from '../../mail/email-outcome';
import { invitationDetailsEmail, setPasswordEmail } from '../../mail/templates';
import type { EmailMessage } from '../../ports/mailer.port';
import type { Repositories } from '../../ports/repositories.port';
import type { Role } from '../../roles/role';
import type { PlatformSettings } from '../../shared/settings';
import type { User } from '../../user/user';
import { issuePasswordLink } from '../auth/password-links';
import type { Deps } from '../deps';

/** "You now have access": the role and where to sign in, never a password. */
export function invitationDetailsFor(
  settings: PlatformSettings,
  user: User,
  scopeName: string,
  role: Role,
): EmailMessage {
  return invitationDetailsEmail({
    to: user.email,
    platformName: settings.platformName,
    scopeName,
    role,
    signInUrl: `${settings.publicBaseUrl}/sign-in`,
  });
}

/**
 * A set-password link for the user, issued inside the caller's transaction
 * (it cancels the user's older links), and the email that carries it.
 */
export async function setPasswordMessage(
  deps: Pick<Deps, 'ids' | 'secretTokens' | 'settings'>,
  tx: Repositories,
  user: User,
  now: Date,
  scopeName?: string,
  firstLink = false,
): Promise<EmailMessage> {
  const link = await issuePasswordLink(deps, tx, user.id, now, firstLink);
  return setPasswordEmail({
    to: user.email,
    platformName: deps.settings.platformName,
    link: link.url,
    scopeName,
    expiresAt: link.expiresAt,
    // An invitation to an account that has a password asks for proof of the mailbox.
    proveMailbox: scopeName !== undefined && user.passwordHash !== null,
  });
}

/**
 * Sends an invitation email after the commit. The first one that reaches a
 * user's mail server is their welcome email (`welcome_email_sent_at`).
 */
export async function sendInvitation(
  deps: Pick<Deps, 'uow' | 'clock' | 'mailer'>,
  message: EmailMessage,
  userId: string,
): Promise<EmailOutcome> {
  const result = await deps.mailer.send(message);
  if (result === 'sent') {
    await deps.uow.transaction(async (tx) => {
      const user = await tx.users.findByIdForUpdate(userId);
      if (!user || user.welcomeEmailSentAt !== null) return;
      user.welcomeEmailSentAt = deps.clock.now();
      await tx.users.save(user);
    });
  }
  return emailOutcome(result);
}
