import { conflict } from '../shared/domain-error';
import type { TicketStatus } from './ticket';

/** What happens to a ticket; `operator_*` events are operator routes, not team routes. */
export type TicketEvent = 'create' | 'reply' | 'resolve' | 'close' | 'operator_reply' | 'operator_resolve';

/** The "Condition" column of the spec's table. */
export type TicketCondition = 'operator_has_not_replied' | 'operator_has_replied';

/** Extra work the use case does for a row ("Other effects"). */
export type TicketEffect =
  | 'first_message'
  | 'reopen'
  | 'resolution_message'
  | 'closure_message'
  | 'no_change'
  | 'refused_closed';

export interface TicketTransition {
  readonly from: 'none' | readonly TicketStatus[];
  readonly on: TicketEvent;
  readonly when?: TicketCondition;
  /** `unchanged`: the status stays as it is. */
  readonly to: TicketStatus | 'unchanged';
  readonly effects: readonly TicketEffect[];
}

const ANY: readonly TicketStatus[] = [
  'open',
  'waiting_on_groundfloor',
  'waiting_on_customer',
  'resolved',
  'closed',
];
const NOT_CLOSED: readonly TicketStatus[] = [
  'open',
  'waiting_on_groundfloor',
  'waiting_on_customer',
  'resolved',
];

/**
 * The spec's Ticket table, row for row, then the rows the spec leaves open
 * for operator replies (docs/decisions.md, Support). When several rows match,
 * the one naming the fewest states wins ("resolved, resolve" over "any
 * except closed, resolve").
 */
export const TICKET_TRANSITIONS: readonly TicketTransition[] = [
  { from: 'none', on: 'create', to: 'open', effects: ['first_message'] },
  { from: ['open'], on: 'reply', when: 'operator_has_not_replied', to: 'open', effects: [] },
  {
    from: ['open', 'waiting_on_customer', 'waiting_on_groundfloor'],
    on: 'reply',
    when: 'operator_has_replied',
    to: 'waiting_on_groundfloor',
    effects: [],
  },
  { from: ['waiting_on_customer'], on: 'reply', to: 'waiting_on_groundfloor', effects: [] },
  { from: ['resolved'], on: 'reply', when: 'operator_has_not_replied', to: 'open', effects: ['reopen'] },
  {
    from: ['resolved'],
    on: 'reply',
    when: 'operator_has_replied',
    to: 'waiting_on_groundfloor',
    effects: ['reopen'],
  },
  { from: ['closed'], on: 'reply', to: 'unchanged', effects: ['refused_closed'] },
  { from: NOT_CLOSED, on: 'resolve', to: 'resolved', effects: ['resolution_message'] },
  { from: ['resolved'], on: 'resolve', to: 'resolved', effects: ['no_change'] },
  { from: ['closed'], on: 'resolve', to: 'unchanged', effects: ['refused_closed'] },
  { from: ANY, on: 'close', to: 'closed', effects: ['closure_message'] },
  { from: ['closed'], on: 'close', to: 'closed', effects: ['no_change'] },
  { from: ['open', 'waiting_on_groundfloor'], on: 'operator_reply', to: 'waiting_on_customer', effects: [] },
  { from: NOT_CLOSED, on: 'operator_resolve', to: 'resolved', effects: ['resolution_message'] },
  // Not in the spec's table (decided in docs/decisions.md): the operator may
  // add to a ticket already waiting on the customer or resolved without
  // moving it; a resolved ticket resolved again, or anything on a closed
  // ticket, behaves as for the customer.
  { from: ['waiting_on_customer', 'resolved'], on: 'operator_reply', to: 'unchanged', effects: [] },
  { from: ['resolved'], on: 'operator_resolve', to: 'resolved', effects: ['no_change'] },
  { from: ['closed'], on: 'operator_reply', to: 'unchanged', effects: ['refused_closed'] },
  { from: ['closed'], on: 'operator_resolve', to: 'unchanged', effects: ['refused_closed'] },
];

export interface TicketTransitionResult {
  readonly next: TicketStatus;
  /** False for the "no change" rows: nothing is written. */
  readonly changed: boolean;
  readonly effects: readonly TicketEffect[];
}

const holds = (when: TicketCondition | undefined, operatorHasReplied: boolean) =>
  when === undefined || (when === 'operator_has_replied') === operatorHasReplied;

/**
 * The next status of a ticket for an event, per the table. Throws 409
 * `ticket_closed` on the rows that refuse a closed ticket.
 */
export function transitionTicket(
  current: TicketStatus | 'none',
  event: TicketEvent,
  operatorHasReplied: boolean,
): TicketTransitionResult {
  const candidates = TICKET_TRANSITIONS.filter(
    (row) =>
      row.on === event &&
      (row.from === 'none' ? current === 'none' : current !== 'none' && row.from.includes(current)) &&
      holds(row.when, operatorHasReplied),
  );
  const size = (row: TicketTransition) => (row.from === 'none' ? 0 : row.from.length);
  const row = [...candidates].sort((a, b) => size(a) - size(b))[0];
  if (!row) {
    throw conflict('invalid_ticket_transition', `a ${current} ticket cannot take '${event}'`);
  }
  if (row.effects.includes('refused_closed')) {
    throw conflict('ticket_closed', 'the ticket is closed; it takes no more replies or status changes');
  }
  const next = row.to === 'unchanged' ? (current as TicketStatus) : row.to;
  return { next, changed: !row.effects.includes('no_change'), effects: row.effects };
}
