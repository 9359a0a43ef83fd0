import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** Watches what clients send: `connected` is called per connection and returns its byte observer. */
export interface ClientTap {
  connected(): (chunk: Buffer) => void;
}

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL), that a test
 * can take down and bring back on the same port: the database "becomes
 * unreachable" for whoever connects through it, without touching the
 * database every other suite uses.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    private readonly tap?: ClientTap,
  ) {}

  /** `tap`, when given, is told of every connection and sees the bytes its client sends. */
  static async start(targetHost: string, targetPort: number, tap?: ClientTap): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort, tap);
    await proxy.up();
    return proxy;
  }

  get listeningPort(): number {
    return this.port;
  }

  /** Accepts connections again, on the port it had. */
  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      const observe = this.tap?.connected();
      if (observe) client.on('data', observe);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and cuts every open one, as a database host that went away. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
