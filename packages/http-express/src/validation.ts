import 'reflect-metadata';
import { type FieldError, invalid } from '@groundfloor/domain';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type ValidationError, validateSync } from 'class-validator';
import { listParameters } from './dto/query';
import { unstorableText } from './dto/storable-text';
import { rememberValidationMetadata } from './validation-metadata';

rememberValidationMetadata();

type Ctor<T> = new () => T;

/** Checks of a value's type: when one fails, the others (lengths, ranges) say nothing useful. */
const TYPE_CHECKS = new Set(['isString', 'isInt', 'isNumber', 'isBoolean', 'isObject', 'isArray']);

/** The messages worth reading: a missing or mistyped value is named as such, not as too long. */
function messagesOf(constraints: Record<string, string>): string[] {
  const failed = Object.keys(constraints);
  const types = failed.filter((name) => TYPE_CHECKS.has(name));
  return (types.length > 0 ? types : failed).map((name) => constraints[name] as string);
}

function flatten(errors: ValidationError[], prefix = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = messagesOf(e.constraints ?? {}).map((message) => ({
      field,
      message: message.startsWith(`property ${e.property} should not exist`) ? 'unknown field' : message,
    }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const describe = (fields: readonly FieldError[]) => fields.map((f) => `${f.field}: ${f.message}`).join('; ');

/** 422 `validation_failed` naming each field, when there is any. */
export function refuseFields(fields: readonly FieldError[]): void {
  if (fields.length > 0) throw invalid('validation_failed', describe(fields), [...fields]);
}

/**
 * Turns a request body into a DTO: a non-object is 422 `invalid_body`, and
 * unknown fields, fields of the wrong shape and text that cannot be stored
 * (`storable-text.ts`) are 422 with one entry per field. DTOs check shape
 * only; the domain guards invariants.
 */
export function parseBody<T extends object>(dto: Ctor<T>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('invalid_body', 'the request body must be a JSON object');
  }
  refuseFields(unstorableText(body, dto));
  // Unknown fields by the DTO's declared names: class-validator's whitelist
  // takes a name such as `hasOwnProperty` for a declared one.
  const { names } = queryShape(dto);
  refuseFields(
    Object.keys(body)
      .filter((key) => !names.has(key))
      .map((field) => ({ field, message: 'unknown field' })),
  );
  // The body's own fields on a DTO instance, values as sent. Not
  // class-transformer's plainToInstance: it silently drops fields (at any
  // depth) named like an Object method (`toString`, `valueOf`), so the
  // whitelist never saw them and free JSON lost them, and it failed on a
  // nested `constructor`. DTOs here declare no nested types to build.
  const instance = Object.assign(new dto(), body);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  refuseFields(flatten(errors));
  return instance;
}

/**
 * A route that takes no body: none, or `{}`, passes; any field is 422
 * naming it as unknown, and JSON that is not an object is `invalid_body`,
 * as on routes with a body.
 */
export function requireNoBody(body: unknown): void {
  if (body === undefined) return;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('invalid_body', 'this route takes no body');
  }
  refuseFields(Object.keys(body).map((field) => ({ field, message: 'unknown field' })));
}

export interface QueryOptions {
  /** The code of a refused value; per parameter where a route's spec names one. Default `validation_failed`. */
  readonly code?: string | Readonly<Record<string, string>>;
  /** The code of a parameter given twice, or (when refused) an unknown one. Default `validation_failed`. */
  readonly shapeCode?: string;
  /** Parameters the DTO does not declare: ignored (default) or refused. */
  readonly unknown?: 'ignore' | 'refuse';
}

interface QueryShape {
  /** The fields (or parameters) the DTO declares, from its class-validator metadata. */
  readonly names: ReadonlySet<string>;
  /** Those that are lists (`@QueryList()`). */
  readonly lists: ReadonlySet<string>;
  /** Whether the DTO accepts no parameters at all; known after the first empty query. */
  emptyIsValid?: boolean;
}

/**
 * What a DTO declares, read once per class: a DTO's decorators are
 * fixed when its class is defined, and class-validator's metadata lookup
 * walks every registered rule (a few percent of a cached read's CPU).
 */
const SHAPES = new WeakMap<Ctor<object>, QueryShape>();

function queryShape(dto: Ctor<object>): QueryShape {
  let shape = SHAPES.get(dto);
  if (!shape) {
    const names = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((m) => m.propertyName),
    );
    shape = { names, lists: listParameters(dto) };
    SHAPES.set(dto, shape);
  }
  return shape;
}

const listValues = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : [raw]).flatMap((v) =>
    // A value that is not text (a nested form) is kept as one that no list accepts.
    typeof v === 'string' ? v.split(',').filter((part) => part !== '') : ['\u0000'],
  );

/**
 * Turns a query string into a query DTO, so that one class both checks the
 * parameters and describes them in the API document. An empty value is the
 * same as an absent one; a parameter given twice is refused unless it is a
 * list (`@QueryList()`); values are checked by the DTO's decorators.
 */
export function parseQuery<T extends object>(dto: Ctor<T>, query: unknown, options: QueryOptions = {}): T {
  const dtoShape = queryShape(dto);
  const { names, lists } = dtoShape;
  const shape: FieldError[] = [];
  const plain: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    // `limit[]=1` or `environment_id[x]=…` names a declared parameter in a
    // form it does not take: refused, not ignored as an unknown name. A
    // list also takes `status[]=open` for its values.
    const bracketed = /^([^[\]]+)\[/.exec(name)?.[1];
    if (bracketed !== undefined && names.has(bracketed)) {
      if (lists.has(bracketed) && name === `${bracketed}[]`)
        plain[bracketed] = [...((plain[bracketed] as string[] | undefined) ?? []), ...listValues(raw)];
      else shape.push({ field: bracketed, message: 'must be given once, as text' });
    } else if (!names.has(name)) {
      if (options.unknown === 'refuse') shape.push({ field: name, message: 'unknown query parameter' });
    } else if (lists.has(name)) {
      plain[name] = [...((plain[name] as string[] | undefined) ?? []), ...listValues(raw)];
    } else if (typeof raw !== 'string') {
      shape.push({ field: name, message: 'must be given once, as text' });
    } else if (raw !== '') {
      plain[name] = raw;
    }
  }
  if (shape.length > 0) throw invalid(options.shapeCode ?? 'validation_failed', describe(shape), shape);
  const unstorable = unstorableText(plain);
  if (unstorable.length > 0)
    throw invalid(options.shapeCode ?? 'validation_failed', describe(unstorable), unstorable);
  const instance = plainToInstance(dto, plain, { enableImplicitConversion: false });
  // Most requests send no parameters, and whether the DTO takes none is
  // the same answer every time: checked on the first empty query only.
  const empty = Object.keys(plain).length === 0;
  if (empty && dtoShape.emptyIsValid) return instance;
  const errors = validateSync(instance, { validationError: { target: false, value: false } });
  if (empty) dtoShape.emptyIsValid = errors.length === 0;
  if (errors.length > 0) {
    const fields = flatten(errors);
    const byField = options.code;
    const code =
      typeof byField === 'string'
        ? byField
        : (fields.map((f) => byField?.[f.field]).find((c) => c !== undefined) ?? 'validation_failed');
    throw invalid(code, describe(fields), fields);
  }
  return instance;
}
