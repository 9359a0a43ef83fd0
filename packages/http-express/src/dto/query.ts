import { Transform } from 'class-transformer';

/*
 * Query strings arrive as text. These decorators say how a query DTO's
 * parameter is read from it; `parseQuery` (validation.ts) applies them
 * before class-validator checks the values, and the document reads them.
 */

const LISTS = new WeakMap<object, Set<string>>();

/**
 * A whole number written in digits. Anything else (`1.5`, `-1`, `1e2`,
 * `abc`) stays text, so `@IsInt()` refuses it.
 */
export const QueryInteger = (): PropertyDecorator =>
  Transform(({ value }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value));

/**
 * A repeatable parameter: `?status=open&status=closed`, also written
 * `?status=open,closed`; an empty value (`?status=`) filters nothing.
 */
export const QueryList = (): PropertyDecorator => (target, property) => {
  const lists = LISTS.get(target.constructor) ?? new Set<string>();
  lists.add(String(property));
  LISTS.set(target.constructor, lists);
};

/** The list parameters of a query DTO (and of the DTOs it extends). */
export function listParameters(dto: object): ReadonlySet<string> {
  const found = new Set<string>();
  for (let proto = dto; proto && proto !== Function.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of LISTS.get(proto) ?? []) found.add(name);
  }
  return found;
}
