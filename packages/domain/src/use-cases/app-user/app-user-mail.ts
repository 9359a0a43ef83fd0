import type { AppUser } from '../../app-user/app-user';
import { emailOutcome } from '../../mail/email-outcome';
import type { EmailMessage } from '../../ports/mailer.port';
import type { SignInConfig } from '../../sign-in/sign-in-config';
import type { Deps } from '../deps';
import { sendSignInEmail } from '../sign-in/send-sign-in-email';

/** An email decided inside a transaction, sent after it commits. */
export interface PendingAppUserEmail {
  readonly user: AppUser;
  readonly config: SignInConfig | null;
  readonly organizationName: string;
  readonly message: EmailMessage;
}

/**
 * Sends through the workspace's sign-in mail (its custom server, never the
 * platform's instead) after the commit, then records the outcome on the
 * user (`email_sent`, `email_skipped_reason`, `email_attempted_at`).
 * Answers the user as saved, or as it was when it has been deleted since.
 */
export async function deliverAppUserEmail(
  deps: Pick<Deps, 'uow' | 'clock' | 'mailer' | 'kms'>,
  pending: PendingAppUserEmail,
): Promise<AppUser> {
  const attemptedAt = deps.clock.now();
  const outcome = emailOutcome(
    await sendSignInEmail(deps, pending.config, pending.organizationName, pending.message),
  );
  const lastEmail = { sent: outcome.email_sent, skippedReason: outcome.email_skipped_reason, attemptedAt };
  const saved = await deps.uow.transaction(async (tx) => {
    const user = await tx.appUsers.findByIdForUpdate(pending.user.workspaceId, pending.user.id);
    if (!user) return null;
    user.lastEmail = lastEmail;
    await tx.appUsers.save(user);
    return user;
  });
  return saved ?? { ...pending.user, lastEmail };
}

/** `send_email: false`: the outcome says no email was asked for. */
export function notRequested(user: AppUser): void {
  // Nothing was attempted: `email_attempted_at` stays null (spec, App user).
  user.lastEmail = { sent: false, skippedReason: 'not_requested', attemptedAt: null };
}
