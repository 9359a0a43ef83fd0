import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { listParameters } from '../dto/query';
import type { Dto } from './operation';

export type JsonSchema = Record<string, unknown>;

/** Properties that accept null as well as absence (`@IsOptional()`, not our `@Optional()`). */
function nullableProperties(dto: Dto): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .filter((m) => m.name === 'isOptional')
      .map((m) => m.propertyName),
  );
}

/**
 * The JSON Schema of a class-validator DTO, as `parseBody` / `parseQuery`
 * enforce it: only the declared properties (`additionalProperties: false`,
 * since unknown fields are 422), and `null` where `@IsOptional()` lets it through.
 */
export function dtoSchema(dto: Dto): JsonSchema {
  const schema = targetConstructorToSchema(dto) as JsonSchema & { properties?: Record<string, JsonSchema> };
  const nullable = nullableProperties(dto);
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [
      name,
      nullable.has(name) ? { anyOf: [property, { type: 'null' }] } : property,
    ]),
  );
  return { ...schema, properties, additionalProperties: false };
}

/** A query DTO as OpenAPI parameters, in declaration order. */
export function queryParameters(dto: Dto): JsonSchema[] {
  const schema = dtoSchema(dto) as { properties: Record<string, JsonSchema>; required?: string[] };
  const lists = listParameters(dto);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      ...(lists.has(name) ? { style: 'form', explode: true } : {}),
      schema: rest,
    };
  });
}
