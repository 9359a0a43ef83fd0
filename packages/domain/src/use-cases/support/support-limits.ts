import type { RateLimit, RateLimiter } from '../../ports/rate-limiter.port';
import { rateLimited } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';

/** A support limit with the words the 429 uses to name it. */
export interface NamedLimit extends RateLimit {
  readonly name: string;
}

/*
 * The spec's support limits, kept in the RateLimiter port so they hold
 * across processes (supplement §11). Keys are stable: tests and operators
 * may read them.
 */
export const supportLimits = {
  newTicketsPerPerson: (userId: string): NamedLimit => ({
    key: `support:tickets:user:${userId}`,
    ...Limits.ticketsPerPerson,
    name: `${Limits.ticketsPerPerson.limit} new tickets per person per hour`,
  }),
  newTicketsPerOrganization: (organizationId: string): NamedLimit => ({
    key: `support:tickets:organization:${organizationId}`,
    ...Limits.ticketsPerOrganization,
    name: `${Limits.ticketsPerOrganization.limit} new tickets per organization in 24 hours`,
  }),
  repliesPerPerson: (userId: string): NamedLimit => ({
    key: `support:replies:user:${userId}`,
    ...Limits.ticketRepliesPerPerson,
    name: `${Limits.ticketRepliesPerPerson.limit} replies per person per hour`,
  }),
  writesPerAddress: (ip: string): NamedLimit => ({
    key: `support:writes:address:${ip}`,
    ...Limits.ticketWritesPerAddress,
    name: `${Limits.ticketWritesPerAddress.limit} new tickets and replies per client address per minute`,
  }),
};

const refused = (limit: NamedLimit, retryAfterSeconds: number) =>
  rateLimited('support_rate_limited', `support limit reached: ${limit.name}`, retryAfterSeconds);

/**
 * Checks every limit first, so a refused request records no hit anywhere,
 * then records one hit on each (a concurrent request may still win the
 * last slot: the hit's own answer decides).
 */
export async function enforceSupportLimits(
  rateLimiter: RateLimiter,
  limits: readonly NamedLimit[],
): Promise<void> {
  for (const limit of limits) {
    const decision = await rateLimiter.check(limit);
    if (!decision.allowed) throw refused(limit, decision.retryAfterSeconds);
  }
  for (const limit of limits) {
    const decision = await rateLimiter.hit(limit);
    if (!decision.allowed) throw refused(limit, decision.retryAfterSeconds);
  }
}

/** The unresolved-ticket ceiling, counted in the database under the organization's row lock. */
export function unresolvedCeilingReached(): Error {
  return rateLimited(
    'support_rate_limited',
    `support limit reached: ${Limits.unresolvedTicketsPerOrganization} unresolved tickets per organization; resolve or close one first`,
    60,
  );
}
