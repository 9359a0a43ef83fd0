import type { RateLimit, RateLimiter } from '../../ports/rate-limiter.port';
import { rateLimited } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { takePlaces } from '../rate-limits/take-places';

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

/** The places a request took in the support limits; given back when the write does not happen. */
export interface SupportPlaces {
  giveBack(): Promise<void>;
}

/**
 * Takes one place in every limit or in none, as one atomic step of the
 * limiter (`consumeAll`): a refused request counts nowhere, and two
 * concurrent requests never both take the last place. The caller gives the
 * places back when its write fails (the unresolved ceiling, a vanished
 * ticket): only what was written counts.
 */
export async function enforceSupportLimits(
  rateLimiter: RateLimiter,
  limits: readonly NamedLimit[],
): Promise<SupportPlaces> {
  const taken = [...(await takePlaces(rateLimiter, limits, refused))];
  return {
    async giveBack() {
      await Promise.all(taken.splice(0).map((hit) => rateLimiter.refund(hit)));
    },
  };
}

/** Runs the write; if it throws, the places go back before the error does. */
export async function countingOnlyIfWritten<T>(places: SupportPlaces, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await places.giveBack();
    throw error;
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
