import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the upstream received, as it arrived. */
export interface ReceivedRequest {
  readonly method: string;
  /** Path and query string, as sent. */
  readonly url: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The body as JSON (undefined when it is not). */
  readonly json: unknown;
}

/** What a route answers: a status and a JSON body (or text), with headers. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** How the next matching request is answered instead of by the contract. */
export type Misbehaviour =
  | Reply
  /** Never answer (the connection stays open until the upstream closes). */
  | { readonly hang: true }
  /** Answer as the contract says, after a delay. */
  | { readonly delayMs: number };

export type Route = (request: ReceivedRequest) => Reply | Promise<Reply>;

/**
 * A real HTTP server on loopback, started inside the test process, that
 * plays an upstream's contract (its subclasses) and can be told to answer a
 * 4xx or 5xx, slowly, or not at all. Every request is recorded.
 */
export abstract class LoopbackUpstream {
  readonly received: ReceivedRequest[] = [];
  private readonly misbehaviours: { match: (r: ReceivedRequest) => boolean; how: Misbehaviour }[] = [];
  private server: Server | undefined;
  private base = '';

  /** `http://127.0.0.1:<port>` once started. */
  get url(): string {
    return this.base;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The next request whose method and path match (`POST /api/definitions`;
   * a path ending in `*` matches by prefix; no method matches any) is
   * answered `how`; later ones follow the contract again.
   */
  misbehaveNext(route: string, how: Misbehaviour): void {
    const [first, second] = route.split(' ');
    const method = second === undefined ? undefined : first;
    const path = second ?? first ?? '';
    const match = (r: ReceivedRequest) =>
      (method === undefined || r.method === method) &&
      (path.endsWith('*') ? r.path.startsWith(path.slice(0, -1)) : r.path === path);
    this.misbehaviours.push({ match, how });
  }

  /** Requests received with this method and path (prefix with `*`). */
  requestsTo(route: string): ReceivedRequest[] {
    const [method, path = ''] = route.split(' ');
    return this.received.filter(
      (r) =>
        r.method === method && (path.endsWith('*') ? r.path.startsWith(path.slice(0, -1)) : r.path === path),
    );
  }

  /** The contract: what the upstream answers when it behaves. */
  protected abstract route(request: ReceivedRequest): Reply | Promise<Reply>;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const parsed = new URL(req.url ?? '/', 'http://upstream.test');
    let json: unknown;
    try {
      json = body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
    } catch {
      json = undefined;
    }
    const request: ReceivedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
      body,
      json,
    };
    this.received.push(request);
    const index = this.misbehaviours.findIndex((m) => m.match(request));
    const how = index >= 0 ? this.misbehaviours.splice(index, 1)[0]?.how : undefined;
    if (how && 'hang' in how) return;
    if (how && 'delayMs' in how) await new Promise((resolve) => setTimeout(resolve, how.delayMs));
    const reply = how && 'status' in how ? how : await this.route(request);
    if (res.destroyed) return;
    res.writeHead(reply.status, {
      'content-type': reply.text !== undefined ? 'text/plain' : 'application/json',
      ...reply.headers,
    });
    res.end(reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
  }
}

export const bearerOf = (request: ReceivedRequest): string | null => {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
};
