import type { EmailMessage } from '../ports/mailer.port';

/*
 * Platform emails. Text first; each link alone on its own line; one-time
 * tokens after `#token=` so they never reach a server log; never a password.
 */

export function setPasswordEmail(args: {
  to: string;
  platformName: string;
  link: string;
  scopeName?: string;
  expiresAt: Date;
  /**
   * The account already has a password that the person did not choose through
   * a link: choosing one now proves they own this address (docs/security.md).
   */
  proveMailbox?: boolean;
}): EmailMessage {
  const invited = args.scopeName
    ? `You have been invited to ${args.scopeName} on ${args.platformName}.\n\n`
    : '';
  const ask = args.proveMailbox
    ? `To accept, confirm that this address is yours by choosing a new password for your ${args.platformName} account (you will be signed out everywhere else):`
    : `Choose a password to sign in to ${args.platformName}:`;
  return {
    to: args.to,
    template: 'set_password',
    subject: `Set your ${args.platformName} password`,
    text:
      `${invited}${ask}\n\n` +
      `${args.link}\n\n` +
      `This link works once and expires at ${args.expiresAt.toISOString()}.\n` +
      `If you did not expect this email, you can ignore it.\n`,
  };
}

export function invitationDetailsEmail(args: {
  to: string;
  platformName: string;
  scopeName: string;
  role: string;
  signInUrl: string;
}): EmailMessage {
  return {
    to: args.to,
    template: 'invitation_details',
    subject: `You now have access to ${args.scopeName} on ${args.platformName}`,
    text:
      `You have been given the ${args.role} role on ${args.scopeName} on ${args.platformName}.\n\n` +
      `Sign in with your email address (${args.to}):\n\n` +
      `${args.signInUrl}\n`,
  };
}
