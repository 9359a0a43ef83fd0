import type { RequestHandler } from 'express';
import type { Caller } from './operation';

/** What an authentication middleware lets through, as the route table reads it. */
export interface Accepts {
  readonly callers: readonly Caller[];
  /** Whether a team session on a temporary password gets through. */
  readonly passwordChange: boolean;
}

const ACCEPTS = new WeakMap<RequestHandler, Accepts>();

/**
 * Marks an authentication middleware with the callers it accepts, so that
 * `route()` can check each operation's `callers` against the code that
 * enforces them.
 */
export function accepting<T extends RequestHandler>(handler: T, accepts: Accepts): T {
  ACCEPTS.set(handler, accepts);
  return handler;
}

export const acceptedBy = (handler: RequestHandler): Accepts | undefined => ACCEPTS.get(handler);
