import type { RequestHandler } from 'express';
import { sendProblem } from '../problem';

/**
 * The deepest a JSON body may nest: an object or array opens a level, so
 * `{"a":[1]}` is two. No route reads past two; 32 leaves room and stops a
 * body of 190,000 brackets (it fits in the long-text limit) from reaching
 * code that recurses, such as validation, and overflowing the stack.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed value nests deeper than `limit`, found without recursion and stopping as soon as it does. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}

/**
 * Refuses a parsed JSON body nested deeper than MAX_JSON_DEPTH with 400
 * `json_too_deep`, before authentication and validation. JSON.parse itself
 * is iterative in V8, so parsing such a body within the size limit is safe;
 * what comes after it is not.
 */
export const refuseDeepJson: RequestHandler = (req, res, next) => {
  if (!nestsDeeperThan(req.body, MAX_JSON_DEPTH)) return next();
  sendProblem(res, {
    status: 400,
    code: 'json_too_deep',
    detail: `the request body nests deeper than ${MAX_JSON_DEPTH} levels`,
  });
};
