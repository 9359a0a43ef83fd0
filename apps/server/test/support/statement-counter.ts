import type { ClientTap } from './tcp-proxy';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** The zero-terminated string at `at`. */
const cstring = (bytes: Buffer, at: number): string => bytes.toString('utf8', at, bytes.indexOf(0, at));

/**
 * Counts the statements clients send to PostgreSQL, by reading the frontend
 * side of the wire protocol: each simple Query ('Q') and each Execute ('E')
 * of the extended protocol is one statement run by the server. It sees what
 * the database sees, whatever the ORM or driver does above it.
 */
export class StatementCounter implements ClientTap {
  private total = 0;
  private parsed = 0;
  /** The text of every statement run (bound, 'B', or sent as a simple query, 'Q'), in order. */
  readonly texts: string[] = [];

  get count(): number {
    return this.total;
  }

  /** Parse messages sent: a named statement is parsed once per connection, an unnamed one every time. */
  get parses(): number {
    return this.parsed;
  }

  connected(): (chunk: Buffer) => void {
    let pending = Buffer.alloc(0);
    // The first messages (startup, SSL or GSS request) have no type byte.
    let untyped = true;
    // Per connection: named statements live as long as it does.
    const named = new Map<string, string>();
    let unnamed = '';
    return (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (untyped) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) untyped = false;
          continue;
        }
        if (pending.length < 5) return;
        const type = String.fromCharCode(pending[0] as number);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        if (type === 'Q' || type === 'E') this.total += 1;
        if (type === 'Q') this.texts.push(cstring(pending, 5));
        if (type === 'P') {
          this.parsed += 1;
          // A Parse message: the statement's name, then its text.
          const name = cstring(pending, 5);
          const text = cstring(pending, 5 + Buffer.byteLength(name) + 1);
          if (name === '') unnamed = text;
          else named.set(name, text);
        }
        if (type === 'B') {
          // A Bind message: the portal's name, then the statement's, unnamed or
          // named (prepared once, bound again without a Parse each time it runs).
          const portal = cstring(pending, 5);
          const statement = cstring(pending, 5 + Buffer.byteLength(portal) + 1);
          this.texts.push(statement === '' ? unnamed : (named.get(statement) ?? statement));
        }
        pending = pending.subarray(1 + length);
      }
    };
  }
}
