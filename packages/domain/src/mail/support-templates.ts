import type { EmailMessage } from '../ports/mailer.port';

export type TicketEmailKind = 'opened' | 'operator_replied' | 'operator_resolved';

const LINES: Readonly<Record<TicketEmailKind, (number: number, platformName: string) => [string, string]>> = {
  opened: (n, p) => [
    `Support ticket #${n} opened`,
    `Your support ticket #${n} is open. ${p} Support will answer soon.`,
  ],
  operator_replied: (n, p) => [
    `New reply on support ticket #${n}`,
    `${p} Support replied to support ticket #${n}.`,
  ],
  operator_resolved: (n, p) => [
    `Support ticket #${n} resolved`,
    `${p} Support marked support ticket #${n} resolved. Reply to reopen it.`,
  ],
};

/**
 * Support emails (spec: Events, rule 2): only the ticket number and a link,
 * never the subject or any message text, which may be confidential.
 */
export function ticketEmail(args: {
  to: string;
  kind: TicketEmailKind;
  number: number;
  platformName: string;
  link: string;
}): EmailMessage {
  const [subject, line] = LINES[args.kind](args.number, args.platformName);
  return {
    to: args.to,
    template: `ticket_${args.kind}`,
    subject,
    text: `${line}\n\nRead it here:\n\n${args.link}\n`,
  };
}
