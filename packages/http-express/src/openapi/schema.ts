import { type Static, type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';

/*
 * Helpers for response schemas (JSON Schema 2020-12, the dialect of OpenAPI
 * 3.1), written with TypeBox so that a mapper's return type is the schema's
 * static type: a field added to a mapper and not to its schema fails to compile.
 */

/**
 * A named object built from an allow-list: no other property may appear.
 * The name becomes `components/schemas/<name>` in the document.
 */
export const Resource = <T extends TProperties>(name: string, properties: T, description?: string) =>
  Type.Object(properties, {
    $id: name,
    additionalProperties: false,
    ...(description ? { description } : {}),
  });

/** An object of exactly these properties, unnamed (inlined where it is used). */
export const Closed = <T extends TProperties>(properties: T, description?: string): TObject<T> =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of a fixed set of strings, as an `enum` (clients generate a string union from it). */
export const OneOf = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const Uuid = (description?: string) =>
  Type.String({ format: 'uuid', ...(description ? { description } : {}) });

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds). */
export const Timestamp = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/**
 * Every value of a string union, checked by the compiler both ways: a value
 * the union lacks, or a member of the union left out, fails to compile.
 */
export const everyOf =
  <T extends string>() =>
  <const A extends readonly T[]>(values: A & ([T] extends [A[number]] ? unknown : never)): A =>
    values;

/** An object of any keys whose values all follow `value` (e.g. limit overrides by key). */
export const Dictionary = <V extends TSchema>(value: V, description?: string) =>
  Type.Unsafe<Record<string, Static<V>>>({
    type: 'object',
    additionalProperties: value,
    ...(description ? { description } : {}),
  });
