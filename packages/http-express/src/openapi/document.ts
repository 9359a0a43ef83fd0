import { KindGuard, type TSchema } from '@sinclair/typebox';
import type { RegisteredOperation } from '../route-table';
import { dtoSchema, type JsonSchema, queryParameters } from './dto-schema';
import type { BodySpec, Dto, Operation, ResponseSpec } from './operation';
import { openApiPath, PATH_PARAMETERS } from './path-parameters';
import type { ProblemCode } from './problem-codes';
import { PROBLEM_HEADERS, PROBLEM_SCHEMAS, problemResponses } from './problem-schema';
import { CLIENT_BASIC, SECURITY_SCHEMES } from './security';

export interface ApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
}

export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>> };

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SUCCESS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  304: 'Not Modified: the copy the client holds is current',
};

/** Collects named schemas (TypeBox `$id`) into `components/schemas`, answering a `$ref` for each. */
class SchemaCollector {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly seen = new Map<string, string>();

  ref(schema: TSchema): JsonSchema {
    return this.walk(JSON.parse(JSON.stringify(schema)));
  }

  dto(dto: Dto): JsonSchema {
    return this.named(dto.name, dtoSchema(dto));
  }

  private named(name: string, schema: JsonSchema): JsonSchema {
    const text = JSON.stringify(schema);
    const before = this.seen.get(name);
    if (before !== undefined && before !== text) throw new Error(`two different schemas are named ${name}`);
    if (before === undefined) {
      this.seen.set(name, text);
      this.schemas[name] = schema;
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  private walk(node: unknown): JsonSchema {
    if (Array.isArray(node)) return node.map((n) => this.walk(n)) as unknown as JsonSchema;
    if (node === null || typeof node !== 'object') return node as JsonSchema;
    const { $id, ...rest } = node as JsonSchema;
    const walked = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, this.walk(v)]));
    return typeof $id === 'string' ? this.named($id, walked) : walked;
  }
}

const isSchema = (spec: ResponseSpec): spec is TSchema => KindGuard.IsSchema(spec);
const isBytes = (spec: BodySpec): spec is Extract<BodySpec, { bytes: unknown }> =>
  typeof spec !== 'function' && 'bytes' in spec;
const isSchemaBody = (spec: BodySpec): spec is Extract<BodySpec, { schema: unknown }> =>
  typeof spec !== 'function' && 'schema' in spec;
/** Whether the body is JSON the JSON parser reads (and so can be malformed, too deep or too large). */
const isJsonBody = (spec: BodySpec): boolean =>
  !isBytes(spec) && (!isSchemaBody(spec) || spec.contentType === 'application/json');

/** The `requestBody` of an operation: JSON (or form) DTOs, or raw bytes of any of the listed types. */
function requestBody(spec: BodySpec, schemas: SchemaCollector): JsonSchema {
  if (isBytes(spec)) {
    const bytes = { type: 'string', contentMediaType: 'application/octet-stream' };
    return {
      required: true,
      description: spec.description,
      content: Object.fromEntries(spec.bytes.map((type) => [type, { schema: bytes }])),
    };
  }
  if (isSchemaBody(spec)) {
    return {
      required: true,
      description: spec.description,
      content: { [spec.contentType]: { schema: schemas.ref(spec.schema) } },
    };
  }
  const body = typeof spec === 'function' ? { content: { 'application/json': spec } } : spec;
  return {
    required: body.required ?? true,
    content: Object.fromEntries(
      Object.entries(body.content).map(([type, dto]) => [type, { schema: schemas.dto(dto) }]),
    ),
  };
}

/** The problem codes an operation can answer: its own and those of its kind. */
function problemCodes(registered: RegisteredOperation, uuidPath: boolean): Set<ProblemCode> {
  const { operation, accepts } = registered;
  const codes = new Set<ProblemCode>(operation.errors ?? []);
  // Any operation can find the database unreachable (503, Retry-After).
  codes.add('database_unavailable');
  const callers = operation.callers;
  if (callers.includes('operator')) codes.add('invalid_operator_token');
  else if (callers.length > 0) {
    codes.add('missing_token').add('invalid_token').add('caller_kind_not_allowed');
    if (callers.includes('team') && !accepts?.passwordChange) codes.add('password_change_required');
  }
  if (operation.body && isJsonBody(operation.body)) {
    for (const code of [
      'malformed_json',
      'unreadable_body',
      'json_too_deep',
      'body_too_large',
      'unsupported_encoding',
    ] as const)
      codes.add(code);
    codes.add('invalid_body').add('validation_failed');
  }
  if (operation.query) codes.add('validation_failed');
  if (uuidPath) codes.add('not_found');
  return codes;
}

function security(operation: Operation, used: Set<string>): JsonSchema[] {
  const schemes = operation.callers.map((caller) => SECURITY_SCHEMES[caller].name);
  if (operation.clientCredentials) schemes.push(CLIENT_BASIC.name);
  for (const name of schemes) used.add(name);
  const requirements = schemes.map((name) => ({ [name]: [] }));
  // Public: no credentials, or (token exchange) credentials in the body instead of Basic.
  return operation.callers.length === 0 ? [{}, ...requirements] : requirements;
}

function successResponses(operation: Operation, schemas: SchemaCollector): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(operation.responses)) {
    const description = SUCCESS_TEXT[Number(status)] ?? 'OK';
    if (spec === null) responses[status] = { description };
    else if (isSchema(spec)) {
      responses[status] = { description, content: { 'application/json': { schema: schemas.ref(spec) } } };
    } else {
      const headers = Object.fromEntries(
        Object.entries(spec.headers ?? {}).map(([name, h]) => [
          name,
          { description: h.description, schema: schemas.ref(h.schema) },
        ]),
      );
      responses[status] = {
        description: spec.description ?? description,
        ...(spec.headers ? { headers } : {}),
        ...(spec.schema
          ? { content: { [spec.contentType ?? 'application/json']: { schema: schemas.ref(spec.schema) } } }
          : {}),
      };
    }
  }
  return responses;
}

function describeOperation(
  registered: RegisteredOperation,
  names: string[],
  schemas: SchemaCollector,
  shared: Record<string, JsonSchema>,
  usedSchemes: Set<string>,
): JsonSchema {
  const { operation } = registered;
  const parameters: JsonSchema[] = names.map((name) => {
    const known = PATH_PARAMETERS[name];
    if (!known)
      throw new Error(`${registered.path}: describe the path parameter ${name} in path-parameters.ts`);
    return {
      name,
      in: 'path',
      required: true,
      description: known.description,
      schema: known.schema,
      ...(known.multiSegment ? { 'x-multi-segment': true } : {}),
    };
  });
  if (operation.query) parameters.push(...queryParameters(operation.query));
  const uuidPath = names.some((name) => PATH_PARAMETERS[name]?.uuid);
  const description = [
    operation.description,
    registered.headRefused ? 'HEAD is refused (405): a read here has effects.' : undefined,
  ].filter(Boolean);
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(description.length > 0 ? { description: description.join('\n\n') } : {}),
    ...(registered.headRefused ? { 'x-head-refused': true } : {}),
    tags: [...(operation.tags ?? [registered.tag])],
    security: security(operation, usedSchemes),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body ? { requestBody: requestBody(operation.body, schemas) } : {}),
    responses: {
      ...successResponses(operation, schemas),
      ...problemResponses(problemCodes(registered, uuidPath), shared),
    },
  };
}

const sortedByKey = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The OpenAPI 3.1 document of the registered operations. Deterministic:
 * paths, components and tags sorted, so a diff shows what changed.
 */
export function openApiDocument(operations: readonly RegisteredOperation[], info: ApiInfo): OpenApiDocument {
  const schemas = new SchemaCollector();
  const shared: Record<string, JsonSchema> = {};
  const usedSchemes = new Set<string>();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const ids = new Set<string>();
  const tags = new Set<string>();
  for (const registered of operations) {
    const { path, names } = openApiPath(registered.path);
    if (ids.has(registered.operation.id))
      throw new Error(`operation id ${registered.operation.id} is used twice`);
    ids.add(registered.operation.id);
    const item = paths[path] ?? {};
    paths[path] = item;
    if (item[registered.method])
      throw new Error(`${registered.method.toUpperCase()} ${path} is described twice`);
    const described = describeOperation(registered, names, schemas, shared, usedSchemes);
    for (const tag of described.tags as string[]) tags.add(tag);
    item[registered.method] = described;
  }
  for (const [path, item] of Object.entries(paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
    );
  }
  const schemes = [...Object.values(SECURITY_SCHEMES), CLIENT_BASIC].filter((s) => usedSchemes.has(s.name));
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    tags: [...tags].sort().map((name) => ({ name })),
    paths: sortedByKey(paths),
    components: {
      schemas: sortedByKey({ ...PROBLEM_SCHEMAS, ...schemas.schemas }),
      responses: sortedByKey(shared),
      headers: PROBLEM_HEADERS,
      securitySchemes: sortedByKey(Object.fromEntries(schemes.map((s) => [s.name, s.scheme]))),
    },
  };
}
