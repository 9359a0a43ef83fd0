import 'reflect-metadata';
import { invalid } from '@groundfloor/domain';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';

type Ctor<T> = new () => T;

function flatten(errors: ValidationError[], prefix = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({
      field,
      message: message.startsWith(`property ${e.property} should not exist`) ? 'unknown field' : message,
    }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Turns a request body into a DTO: a non-object is 400, and unknown fields
 * or fields of the wrong shape are 422 with one entry per field. DTOs check
 * shape only; the domain guards invariants.
 */
export function parseBody<T extends object>(dto: Ctor<T>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('invalid_body', 'the request body must be a JSON object');
  }
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    const fields = flatten(errors);
    throw invalid('validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
  }
  return instance;
}
