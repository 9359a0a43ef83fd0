import { authorizeWorkspace } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { SmtpServer } from '../../ports/mailer.port';
import { malformed, rateLimited } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { utf8Decode } from '../../shared/utf8';
import type { SignInMail } from '../../sign-in/sign-in-config';
import { mailPasswordContext } from '../../sign-in/sign-in-mail';
import {
  type CustomMailDraft,
  keepsSavedPassword,
  type MailRequest,
  parseMailInput,
  type SignInMailInput,
} from '../../sign-in/sign-in-mail-input';
import { mailTestError, signInMailTestEmail } from '../../sign-in/sign-in-mail-test';
import type { Deps } from '../deps';
import { requirePublicMailHost } from './public-mail-host';
import { loadSignInConfig } from './sign-in-config-store';

type TestTarget =
  | { readonly mode: 'platform' }
  | {
      readonly mode: 'custom';
      readonly draft: CustomMailDraft;
      readonly password: string | null;
      readonly unreadable: boolean;
    };

const serverOf = (d: CustomMailDraft): Omit<SmtpServer, 'password'> => ({
  host: d.host,
  port: d.port,
  username: d.username,
  ssl: d.ssl,
  starttls: d.starttls,
});

/** The answer of POST auth/mail/test (spec, Sign-in email rule 4). */
export interface MailTestResult {
  readonly ok: boolean;
  readonly mode: 'platform' | 'custom';
  readonly sentTo: string;
  /** A short reason when `ok` is false; never a password or the server's own text. */
  readonly error: string | null;
}

/** 400: the caller's own account email is not verified, so a test could mail someone else. */
const emailNotVerified = () =>
  malformed(
    'own_email_not_verified',
    'your account email is not verified; the test email goes only to a verified address of your own',
  );

/**
 * `POST /auth/mail/test` (administer): sends a short message to the
 * caller's own account email, which must be verified (400); there is no
 * recipient field. Without `mail` it tests the saved settings; with a
 * `mail` block it tests those unsaved settings, checked as PUT checks them
 * (an omitted password is the saved one under the kept-password rule).
 * Custom settings go through that server only. Answers `{ok, mode,
 * sent_to, error}`; at most 5 tests per person per minute (429). A test
 * changes nothing, so it is allowed on a frozen workspace; it is audited.
 */
export class TestSignInMail {
  constructor(
    private readonly deps: Pick<
      Deps,
      'uow' | 'clock' | 'ids' | 'kms' | 'dns' | 'mailer' | 'rateLimiter' | 'settings'
    >,
  ) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    mail?: SignInMailInput;
    context: RequestContext;
  }): Promise<MailTestResult> {
    const now = this.deps.clock.now();
    const { read } = this.deps.uow;
    const { workspace, organization } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'administer',
      now,
    );
    const user = await read.users.findById(input.userId);
    if (!user?.emailVerified) throw emailNotVerified();
    const request = input.mail === undefined ? undefined : parseMailInput(input.mail);

    const { limit, windowSeconds } = Limits.mailTestsPerUser;
    const consumed = await this.deps.rateLimiter.consume({
      key: `sign-in-mail-test:${user.id}`,
      limit,
      windowSeconds,
    });
    if (!consumed.allowed)
      throw rateLimited(
        'mail_test_rate_limited',
        `at most ${limit} test emails per person per minute`,
        consumed.retryAfterSeconds,
      );

    const saved = (await loadSignInConfig(read, workspace.id, now)).mail;
    const target = await this.targetOf(saved, request, workspace.id);
    const message = signInMailTestEmail({
      to: user.email,
      platformName: this.deps.settings.platformName,
      workspaceName: workspace.name,
      mode: target.mode,
    });
    const report =
      target.mode === 'platform'
        ? await this.deps.mailer.test({ ...message, from: { name: organization.name } })
        : target.unreadable
          ? null
          : await this.deps.mailer.test({
              ...message,
              from: { name: target.draft.fromDisplayName, email: target.draft.fromEmail },
              via: { ...serverOf(target.draft), password: target.password },
            });
    const result: MailTestResult = {
      ok: report?.result === 'sent',
      mode: target.mode,
      sentTo: user.email,
      error: report ? mailTestError(report) : 'the saved password could not be read; send it again',
    };
    await this.deps.uow.transaction((tx) =>
      recordAudit(tx, this.deps, input.context, this.deps.clock.now(), {
        action: 'sign_in.mail_tested',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: {
          mode: result.mode,
          settings: input.mail === undefined ? 'saved' : 'unsaved',
          ok: result.ok,
        },
      }),
    );
    return result;
  }

  /**
   * What to test: the saved block, or the unsaved one sent (checked as PUT
   * checks it), with the password in the clear for this one send.
   */
  private async targetOf(
    saved: SignInMail,
    request: MailRequest | undefined,
    workspaceId: string,
  ): Promise<TestTarget> {
    if (request === undefined) {
      if (saved.mode === 'platform') return { mode: 'platform' };
      const password = await this.openSaved(saved, workspaceId);
      return {
        mode: 'custom',
        draft: saved,
        password,
        unreadable: saved.password !== null && password === null,
      };
    }
    if (request.kind === 'platform') return { mode: 'platform' };
    await requirePublicMailHost(this.deps.dns, request.draft.host, this.deps.settings.allowPrivateMailHosts);
    if (typeof request.password === 'string' || request.password === null)
      return { mode: 'custom', draft: request.draft, password: request.password, unreadable: false };
    if (!keepsSavedPassword(saved, request.draft))
      return { mode: 'custom', draft: request.draft, password: null, unreadable: false };
    const password = await this.openSaved(saved, workspaceId);
    return { mode: 'custom', draft: request.draft, password, unreadable: password === null };
  }

  /** The saved custom password in the clear for this one send; null when there is none or it does not open. */
  private async openSaved(saved: SignInMail, workspaceId: string): Promise<string | null> {
    if (saved.mode !== 'custom' || saved.password === null) return null;
    try {
      return utf8Decode(await this.deps.kms.open(saved.password, mailPasswordContext(workspaceId)));
    } catch {
      return null;
    }
  }
}
