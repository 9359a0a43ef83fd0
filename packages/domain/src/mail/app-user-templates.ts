import type { EmailMessage } from '../ports/mailer.port';

/*
 * Emails to a workspace's app end users, sent through the workspace's sign-in
 * mail (sendSignInEmail). Text only; each link alone on its own line; the
 * one-time token after `#token=`; never a password (supplement §7).
 */

const expiry = (at: Date) => `This link works once and expires at ${at.toISOString()}.`;

/** The invitation: a set-password link valid 72 hours. */
export function appUserInvitationEmail(args: {
  to: string;
  workspaceName: string;
  link: string;
  expiresAt: Date;
}): EmailMessage {
  return {
    to: args.to,
    template: 'app_user_invitation',
    subject: `You are invited to ${args.workspaceName}`,
    text:
      `You have been invited to sign in to ${args.workspaceName}.\n\n` +
      `Choose a password to accept:\n\n` +
      `${args.link}\n\n` +
      `${expiry(args.expiresAt)}\n` +
      `If you did not expect this email, you can ignore it.\n`,
  };
}

/** Add: the account exists with a password an administrator set. Where to sign in and with what role; never the password. */
export function appUserAccessDetailsEmail(args: {
  to: string;
  workspaceName: string;
  roles: readonly string[];
  signInUrl: string;
}): EmailMessage {
  const roles = args.roles.length > 0 ? args.roles.join(', ') : 'no role yet';
  return {
    to: args.to,
    template: 'app_user_access_details',
    subject: `Your account for ${args.workspaceName}`,
    text:
      `An account was made for you on ${args.workspaceName} (role: ${roles}).\n\n` +
      `Sign in with your email address (${args.to}) and the password your administrator gives you:\n\n` +
      `${args.signInUrl}\n`,
  };
}

/** Reset: a set-password link valid 72 hours; the current password works until it is used. */
export function appUserResetEmail(args: {
  to: string;
  workspaceName: string;
  link: string;
  expiresAt: Date;
}): EmailMessage {
  return {
    to: args.to,
    template: 'app_user_password_reset',
    subject: `Reset your password for ${args.workspaceName}`,
    text:
      `A password reset was requested for your account on ${args.workspaceName}.\n\n` +
      `Choose a new password:\n\n` +
      `${args.link}\n\n` +
      `${expiry(args.expiresAt)}\n` +
      `If you did not ask for this, you can ignore this email; your password stays as it is.\n`,
  };
}
