import type { EmailMessage, MailFailureKind, MailTestReport } from '../ports/mailer.port';

/** The short test message of POST auth/mail/test: no link, no secret, just proof that mail arrives. */
export function signInMailTestEmail(args: {
  to: string;
  platformName: string;
  workspaceName: string;
  mode: 'platform' | 'custom';
}): EmailMessage {
  const through =
    args.mode === 'custom' ? "the workspace's own mail server" : `${args.platformName}'s mail server`;
  return {
    to: args.to,
    template: 'sign_in_mail_test',
    subject: `Test email from the sign-in of ${args.workspaceName}`,
    text:
      `This is a test of the sign-in email settings of ${args.workspaceName} on ${args.platformName}.\n\n` +
      `It was sent through ${through}. If you can read it, sign-in emails will arrive the same way.\n`,
  };
}

const FAILURES: Record<MailFailureKind, string> = {
  auth_failed: 'the mail server refused the login',
  connection_failed: 'could not connect to the mail server',
  tls_failed: 'the TLS connection to the mail server failed',
  refused: 'the mail server refused the message',
  timed_out: 'the mail server did not answer within 5 seconds',
  host_not_public: 'the mail server is not on the public Internet',
  failed: 'the message could not be sent',
};

/** `error` of the test answer: a short sentence, never the server's own words (they may echo what was sent). */
export function mailTestError(report: MailTestReport): string | null {
  if (report.result === 'sent') return null;
  if (report.result === 'not_configured') return 'no mail server is set up for platform email';
  if (report.result === 'unconfirmed') return FAILURES.timed_out;
  return FAILURES[report.failure ?? 'failed'];
}
