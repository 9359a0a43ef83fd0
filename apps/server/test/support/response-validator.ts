import type { OpenApiDocument } from '@groundfloor/http-express';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

/** What the check needs of a response, as supertest hands it over. */
export interface CheckedResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: unknown;
  readonly text?: string;
}

interface PathEntry {
  readonly template: string;
  readonly pattern: RegExp;
  /** The same, letter case as written: OpenAPI paths are case-sensitive. */
  readonly params: number;
  readonly item: Record<string, Json>;
}

const COMPONENTS = 'urn:groundfloor:components';
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/** Rewrites `#/components/schemas/X` into the one components schema Ajv holds. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? [key, `${COMPONENTS}#/$defs/${value.slice('#/components/schemas/'.length)}`]
        : [key, rewriteRefs(value)],
    ),
  );
}

/**
 * Checks a response against the API document: the operation its method and
 * path name, a status that operation documents, the documented media type
 * and required headers, and (for JSON) the schema of that status. A response
 * the document does not describe is a failure of the test that received it.
 */
export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  private readonly paths: PathEntry[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    const components = document.components as { schemas: Json };
    this.ajv.addSchema({ $id: COMPONENTS, $defs: rewriteRefs(components.schemas) as Json });
    this.paths = Object.entries(document.paths)
      .map(([template, item]) => {
        const names = template.match(/\{[^}]+\}/g) ?? [];
        const wildcards = multiSegmentParameters(item);
        const source = template
          .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
          .replace(/\\?\{([^}\\]+)\\?\}/g, (_m, name: string) => (wildcards.has(name) ? '(.+)' : '([^/]+)'));
        return {
          template,
          pattern: new RegExp(`^${source}/?$`),
          params: names.length,
          item,
        };
      })
      // Concrete paths before templated ones (OpenAPI's matching rule).
      .sort((a, b) => a.params - b.params);
  }

  /** Compiles the schema of every documented JSON answer (a schema Ajv refuses throws); returns how many. */
  compileAll(): number {
    let count = 0;
    for (const entry of this.paths) {
      for (const [method, operation] of Object.entries(entry.item)) {
        for (const [status, documented] of Object.entries(operation.responses as Json)) {
          const content = (this.resolve(documented as Json).content ?? {}) as Record<
            string,
            { schema: Json }
          >;
          for (const [type, media] of Object.entries(content)) {
            if (!JSON_TYPE.test(type)) continue;
            this.validator(`${method.toUpperCase()} ${entry.template} ${status} ${type}`, media.schema);
            count += 1;
          }
        }
      }
    }
    return count;
  }

  /** The problems of one response; empty when the document describes it. */
  problems(method: string, url: string, res: CheckedResponse): string[] {
    const { pathname, searchParams } = new URL(url);
    const lower = method.toLowerCase();
    // Paths are case-sensitive, as the router's (`/flags/Runtime` is the key route, not `runtime`).
    const candidates = this.paths.filter((p) => p.pattern.test(pathname));
    if (candidates.length === 0) return this.unrouted(pathname, res);
    const asGet = lower === 'head' ? 'get' : lower;
    const withMethod = candidates.filter((p) => p.item[asGet] !== undefined);
    // A path shared by two operations (`/secrets/compare`): the one whose required query parameters are present.
    const chosen =
      withMethod.find((p) => this.requiredQueryPresent(p.item[asGet] as Json, searchParams)) ?? withMethod[0];
    if (!chosen) return this.methodNotAllowed(candidates, res);
    const operation = chosen.item[asGet] as Json;
    const where = `${method} ${chosen.template}`;
    if (lower === 'head') {
      const statuses = Object.keys(operation.responses as Json);
      if (operation['x-head-refused'] === true && res.status === 405) return [];
      return statuses.includes(String(res.status))
        ? []
        : [`${where}: status ${res.status} is not documented`];
    }
    return this.checkResponse(where, operation, res);
  }

  private requiredQueryPresent(operation: Json, search: URLSearchParams): boolean {
    const parameters = (operation.parameters ?? []) as { in: string; name: string; required?: boolean }[];
    return parameters.filter((p) => p.in === 'query' && p.required).every((p) => search.has(p.name));
  }

  private checkResponse(where: string, operation: Json, res: CheckedResponse): string[] {
    const responses = operation.responses as Json;
    // OpenAPI: an explicit status first, then its range (`4XX`), then `default`.
    const documented =
      responses[String(res.status)] ?? responses[`${String(res.status)[0]}XX`] ?? responses.default;
    if (!documented) return [`${where}: status ${res.status} is not documented (${describe(res)})`];
    const response = this.resolve(documented as Json);
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
      const resolved = this.resolve(header as Json);
      if (resolved.required === true && res.headers[name.toLowerCase()] === undefined) {
        problems.push(`${where} ${res.status}: the ${name} header is missing`);
      }
    }
    const content = response.content as Record<string, { schema: Json }> | undefined;
    const type = String(res.headers['content-type'] ?? '');
    const text = res.text ?? '';
    if (!content) {
      if (text !== '') problems.push(`${where} ${res.status}: documented without a body, but one was sent`);
      return problems;
    }
    // `*/*`: a file served with the type of its extension (release files); `image/*`: any image (branding).
    const mediaType = Object.keys(content).find(
      (t) =>
        t === '*/*' ||
        (t.endsWith('/*') && type.toLowerCase().startsWith(t.slice(0, -1).toLowerCase())) ||
        type.toLowerCase().startsWith(t.toLowerCase()),
    );
    if (!mediaType) {
      return [...problems, `${where} ${res.status}: content type ${type || '(none)'} is not documented`];
    }
    if (!JSON_TYPE.test(mediaType)) return problems;
    const validate = this.validator(`${where} ${res.status} ${mediaType}`, content[mediaType]?.schema ?? {});
    if (!validate(res.body)) {
      for (const error of validate.errors ?? []) {
        problems.push(
          `${where} ${res.status}: ${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`,
        );
      }
      problems.push(`  body: ${JSON.stringify(res.body).slice(0, 600)}`);
    }
    return problems;
  }

  /** No documented path: the catch-all 404, or the operator guard's 401 in front of it. */
  private unrouted(pathname: string, res: CheckedResponse): string[] {
    const body = res.body as { code?: string };
    if (res.status === 404 && body.code === 'route_not_found') return [];
    if (res.status === 401 && pathname.startsWith('/v1/operator/') && body.code === 'invalid_operator_token')
      return [];
    if ([400, 413, 415].includes(res.status)) return [];
    return [`${pathname}: no documented path, and ${describe(res)} is not the catch-all 404`];
  }

  /** A documented path with another method: 405 with Allow, unless something answered before routing. */
  private methodNotAllowed(candidates: PathEntry[], res: CheckedResponse): string[] {
    const body = res.body as { code?: string };
    if (res.status === 405 && body.code === 'method_not_allowed' && res.headers.allow) return [];
    const before = candidates.some((p) =>
      Object.values(p.item).some((op) => (op.responses as Json)[String(res.status)] !== undefined),
    );
    if (before && [400, 401, 413, 415].includes(res.status)) return [];
    return [`${candidates[0]?.template}: ${describe(res)} for an undocumented method is not a 405`];
  }

  private resolve(node: Json): Json {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const [, ...parts] = ref.split('/');
    let target: unknown = this.document;
    for (const part of parts) target = (target as Json)[part];
    return target as Json;
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as Json);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

/** Path parameters that take `/` too (`x-multi-segment`: a wildcard such as a release file's path). */
function multiSegmentParameters(item: Record<string, Json>): Set<string> {
  const names = new Set<string>();
  for (const operation of Object.values(item)) {
    for (const p of (operation.parameters ?? []) as {
      in: string;
      name: string;
      'x-multi-segment'?: boolean;
    }[])
      if (p.in === 'path' && p['x-multi-segment'] === true) names.add(p.name);
  }
  return names;
}

const describe = (res: CheckedResponse) =>
  `${res.status} ${(res.body as { code?: string } | undefined)?.code ?? ''}`.trim();
