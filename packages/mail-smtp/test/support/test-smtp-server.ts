import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
  readonly user: string | undefined;
}

/** What the server answers; a number is an SMTP error reply code. */
export interface ServerBehavior {
  rcpt?: number;
  data?: number;
  /** Delay before the answer to DATA (after the message has been read). */
  dataDelayMs?: number;
}

const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** A real SMTP server from `smtp-server`, on 127.0.0.1, plain text, optional AUTH. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  behavior: ServerBehavior = {};
  private server: SMTPServer | null = null;
  private readonly delayed = new Set<NodeJS.Timeout>();
  private _port = 0;
  private readonly credentials: { user: string; pass: string } | undefined;

  private constructor(credentials?: { user: string; pass: string }) {
    this.credentials = credentials;
  }

  static async start(options: { port?: number; credentials?: { user: string; pass: string } } = {}) {
    const s = new TestSmtpServer(options.credentials);
    await s.listen(options.port ?? 0);
    return s;
  }

  get port(): number {
    return this._port;
  }

  /** `smtp://` URL of this server, with the credentials %-encoded. */
  url(): string {
    const c = this.credentials;
    const auth = c ? `${encodeURIComponent(c.user)}:${encodeURIComponent(c.pass)}@` : '';
    return `smtp://${auth}127.0.0.1:${this._port}`;
  }

  async listen(port = this._port): Promise<void> {
    const server = new SMTPServer({
      logger: false,
      disabledCommands: this.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !this.credentials,
      allowInsecureAuth: true,
      closeTimeout: 200,
      onAuth: (auth, _session, callback) => {
        const c = this.credentials;
        if (c && auth.username === c.user && auth.password === c.pass)
          return callback(null, { user: auth.username });
        return callback(reply(535, 'Authentication failed'));
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.behavior.rcpt) return callback(reply(this.behavior.rcpt, 'No such user here'));
        return callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const answer = () => {
            if (this.behavior.data) return callback(reply(this.behavior.data, 'Message refused'));
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
              user: typeof session.user === 'string' ? session.user : undefined,
            });
            return callback();
          };
          if (!this.behavior.dataDelayMs) return answer();
          // Cleared on close: a late answer nobody waits for must not keep the test process alive.
          const timer = setTimeout(() => {
            this.delayed.delete(timer);
            answer();
          }, this.behavior.dataDelayMs);
          this.delayed.add(timer);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this._port = (server.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
