/** Who may see a ticket beyond its opener (spec: Support, visibility). */
export type TicketCategory = 'billing' | 'technical' | 'account' | 'security' | 'other';
export const TICKET_CATEGORIES: readonly TicketCategory[] = [
  'billing',
  'technical',
  'account',
  'security',
  'other',
];

export type TicketPriority = 'low' | 'normal' | 'high' | 'urgent';
export const TICKET_PRIORITIES: readonly TicketPriority[] = ['low', 'normal', 'high', 'urgent'];

export type TicketStatus = 'open' | 'waiting_on_groundfloor' | 'waiting_on_customer' | 'resolved' | 'closed';
export const TICKET_STATUSES: readonly TicketStatus[] = [
  'open',
  'waiting_on_groundfloor',
  'waiting_on_customer',
  'resolved',
  'closed',
];
/** Statuses that count toward the unresolved-ticket ceiling of an organization. */
export const UNRESOLVED_STATUSES: readonly TicketStatus[] = [
  'open',
  'waiting_on_groundfloor',
  'waiting_on_customer',
];

export const isTicketCategory = (v: unknown): v is TicketCategory =>
  typeof v === 'string' && (TICKET_CATEGORIES as readonly string[]).includes(v);
export const isTicketPriority = (v: unknown): v is TicketPriority =>
  typeof v === 'string' && (TICKET_PRIORITIES as readonly string[]).includes(v);
export const isTicketStatus = (v: unknown): v is TicketStatus =>
  typeof v === 'string' && (TICKET_STATUSES as readonly string[]).includes(v);

/** The only keys a ticket's `context` may hold. */
export interface TicketContext {
  readonly error_code?: string;
  readonly error_text?: string;
  readonly page_path?: string;
  readonly workspace_id?: string;
  readonly resource_id?: string;
}

/** A support ticket of one organization. Its messages are stored beside it. */
export interface Ticket {
  readonly id: string;
  /** Platform-wide increasing human reference (#1234); routes use `id`. */
  readonly number: number;
  readonly organizationId: string;
  readonly workspaceId: string | null;
  subject: string;
  subjectRedacted: boolean;
  readonly category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  readonly requesterUserId: string;
  /** The opener's display name (or email) when the ticket was opened. */
  readonly requesterName: string;
  readonly context: TicketContext;
  readonly createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  closedAt: Date | null;
  lastCustomerActivityAt: Date;
  /** Last time the operator acted on the ticket (reply, resolve, priority, redaction). */
  lastOperatorActivityAt: Date | null;
  /** Last operator reply; decides the reply rows of the state table. Not shown to clients. */
  operatorRepliedAt: Date | null;
}

export type TicketAuthorKind = 'customer' | 'operator' | 'system';

export interface TicketMessage {
  readonly id: string;
  readonly ticketId: string;
  readonly authorKind: TicketAuthorKind;
  /** The team member who wrote a customer message; null for operator and system. */
  readonly authorUserId: string | null;
  /** Team member's name, the fixed operator label, or null for system messages. */
  readonly authorName: string | null;
  body: string;
  redacted: boolean;
  readonly createdAt: Date;
}

/** A ticket with its messages, oldest first: the spec's detail shape. */
export interface TicketDetail {
  readonly ticket: Ticket;
  readonly messages: readonly TicketMessage[];
}

/** What create and reply return: the detail plus `warnings` (`possible_secret`). */
export interface TicketWithWarnings extends TicketDetail {
  readonly warnings: readonly TicketWarning[];
}
export type TicketWarning = 'possible_secret';

/** `[redacted by <PLATFORM_NAME>]` (supplement §1). */
export const redactionMarker = (platformName: string): string => `[redacted by ${platformName}]`;

/** The fixed author label of operator messages. */
export const operatorLabel = (platformName: string): string => `${platformName} Support`;

/**
 * When a change to a locked ticket happens: now, but never at or before the
 * ticket's last change. Requests wait on the row lock in whatever order they
 * started; taking the time once the lock is held (and after the last
 * change) keeps the messages, read oldest first, in the order they were
 * written: nothing reads as added after the closure message.
 */
export const ticketChangeTime = (ticket: Pick<Ticket, 'updatedAt'>, now: Date): Date =>
  now.getTime() > ticket.updatedAt.getTime() ? now : new Date(ticket.updatedAt.getTime() + 1);
