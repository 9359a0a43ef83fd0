import { ValidateIf } from 'class-validator';

/**
 * An optional field: absent is fine, but `null` is a value of the wrong
 * type (422), not absence. class-validator's `@IsOptional()` lets `null`
 * through, which then reaches the domain as a value it never expects.
 * Use `@IsOptional()` only where the spec allows `null`.
 */
export const Optional = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
