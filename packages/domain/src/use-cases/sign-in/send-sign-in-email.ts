import type { DeliveryResult, EmailMessage } from '../../ports/mailer.port';
import { utf8Decode } from '../../shared/utf8';
import type { SignInConfig } from '../../sign-in/sign-in-config';
import { mailPasswordContext } from '../../sign-in/sign-in-mail';
import type { Deps } from '../deps';

/**
 * Sends an email of a workspace's sign-in (invitations, resets, tests):
 * through the workspace's custom mail server when its mail block says
 * `custom`, and then through that server only (spec, Sign-in email rule 3:
 * platform email is never a fallback); otherwise through the platform's,
 * with the organization's name as the sender's name.
 */
export async function sendSignInEmail(
  deps: Pick<Deps, 'mailer' | 'kms'>,
  config: Pick<SignInConfig, 'workspaceId' | 'mail'> | null,
  organizationName: string,
  message: EmailMessage,
): Promise<DeliveryResult> {
  const mail = config?.mail ?? { mode: 'platform' as const };
  if (mail.mode === 'platform') {
    return deps.mailer.send({ ...message, from: { name: organizationName } });
  }
  let password: string | null = null;
  if (mail.password) {
    try {
      const opened = await deps.kms.open(mail.password, mailPasswordContext(config?.workspaceId ?? ''));
      password = utf8Decode(opened);
    } catch {
      // A password that cannot be opened cannot be used: not sent, and never the platform's server instead.
      return 'failed';
    }
  }
  return deps.mailer.send({
    ...message,
    from: { name: mail.fromDisplayName, email: mail.fromEmail },
    via: {
      host: mail.host,
      port: mail.port,
      username: mail.username,
      password,
      ssl: mail.ssl,
      starttls: mail.starttls,
    },
  });
}
