import { looksLikeSecret } from '../../ticket/secret-detector';
import type { TicketWarning } from '../../ticket/ticket';

/** `possible_secret` when any of the texts looks like a credential. */
export const ticketWarnings = (texts: readonly string[]): TicketWarning[] =>
  texts.some(looksLikeSecret) ? ['possible_secret'] : [];
