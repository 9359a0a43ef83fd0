import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** The API's named schemas, e.g. `Schemas['Workspace']`. */
export type Schemas = components['schemas'];

/** A problem+json error body: what every non-2xx answer carries. */
export type Problem = Schemas['Problem'];

export interface ControlClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the API is served, e.g. `http://127.0.0.1:8080`. */
  readonly baseUrl: string;
  /**
   * The bearer token to send: a team access token, an M2M token or the
   * operator token. A function is asked on every request, so a client can
   * follow a token that is refreshed.
   */
  readonly token?: string | (() => string | undefined);
}

export type ControlClient = Client<paths>;

/**
 * A typed client of the Groundfloor Control API: paths, parameters, bodies
 * and answers (errors included) are checked against the API document.
 *
 * ```ts
 * const api = createControlClient({ baseUrl, token: accessToken });
 * const { data, error } = await api.GET('/v1/workspaces/{workspace_id}', {
 *   params: { path: { workspace_id } },
 * });
 * ```
 */
export function createControlClient(options: ControlClientOptions): ControlClient {
  const { token, ...rest } = options;
  const client = createClient<paths>(rest);
  if (token !== undefined) {
    client.use({
      onRequest({ request }) {
        const value = typeof token === 'function' ? token() : token;
        if (value !== undefined && !request.headers.has('authorization')) {
          request.headers.set('Authorization', `Bearer ${value}`);
        }
        return request;
      },
    });
  }
  return client;
}
