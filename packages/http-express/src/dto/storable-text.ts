import type { FieldError } from '@groundfloor/domain';

/*
 * JSON can carry text that PostgreSQL cannot hold: U+0000 (refused in
 * `text` and `jsonb`) and a UTF-16 surrogate without its pair (no UTF-8
 * form: `jsonb` refuses its escape, and encoding it would silently turn it
 * into U+FFFD). Such a field is refused with 422 before anything is read
 * or written, instead of failing in the database as a 500. So is a number
 * too large for a double (`1e400` parses as Infinity, which JSON cannot
 * write back: it would be kept as null).
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MESSAGE = 'contains a character that cannot be stored (U+0000 or an unpaired surrogate)';
const OUT_OF_RANGE = 'a number too large to keep';

/*
 * Names that reach an object's prototype. A body may not use them as a
 * field name at any depth, free JSON included (manifests, flag values, a
 * run's payload), as secure-json-parse and Fastify refuse them: code that
 * merges such an object could change a prototype, and class-transformer
 * itself fails on a nested `constructor` (it used to answer 500).
 */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const PROTOTYPE_NAME = 'not taken as a field name at any depth (__proto__, constructor, prototype)';

/** Whether PostgreSQL can hold this text. */
export const isStorableText = (text: string): boolean => !text.includes('\0') && !LONE_SURROGATE.test(text);

const ANY_TEXT = new WeakMap<object, Set<string>>();

/**
 * A body field whose text the domain takes as it comes, so any character
 * may be sent: a secret's value (stored only sealed), a code-execution
 * run's payload (passed on as JSON), ticket text (control characters and
 * unpaired surrogates removed before saving).
 */
export const AnyText = (): PropertyDecorator => (target, property) => {
  const names = ANY_TEXT.get(target.constructor) ?? new Set<string>();
  names.add(String(property));
  ANY_TEXT.set(target.constructor, names);
};

function anyTextFields(dto: object): ReadonlySet<string> {
  const found = new Set<string>();
  for (let proto = dto; proto && proto !== Function.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of ANY_TEXT.get(proto) ?? []) found.add(name);
  }
  return found;
}

const path = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/**
 * The fields of a parsed body (names and values, at any depth) holding text
 * that cannot be stored, or a number out of range, except in the DTO's
 * `@AnyText()` fields; and, in every field, names that reach a prototype
 * (the top level's are unknown fields). Iterative: the body's depth is
 * already bounded, but nothing here needs recursion.
 */
export function unstorableText(body: object, dto?: object): FieldError[] {
  const skip = dto ? anyTextFields(dto) : new Set<string>();
  const found: FieldError[] = [];
  const pending: { value: unknown; at: string; anyText: boolean }[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (PROTOTYPE_NAMES.has(key)) found.push({ field: key, message: 'unknown field' });
    else if (!isStorableText(key)) found.push({ field: key, message: MESSAGE });
    else pending.push({ value, at: key, anyText: skip.has(key) });
  }
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at, anyText } = next;
    if (typeof value === 'string') {
      if (!anyText && !isStorableText(value)) found.push({ field: at, message: MESSAGE });
    } else if (typeof value === 'number') {
      if (!anyText && !Number.isFinite(value)) found.push({ field: at, message: OUT_OF_RANGE });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) pending.push({ value: item, at: path(at, i), anyText });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (PROTOTYPE_NAMES.has(key)) found.push({ field: path(at, key), message: PROTOTYPE_NAME });
        else if (!anyText && !isStorableText(key)) found.push({ field: path(at, key), message: MESSAGE });
        else pending.push({ value: child, at: path(at, key), anyText });
      }
    }
  }
  return found;
}
