import type { ClientTap } from './tcp-proxy';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/**
 * Counts the statements clients send to PostgreSQL, by reading the frontend
 * side of the wire protocol: each simple Query ('Q') and each Execute ('E')
 * of the extended protocol is one statement run by the server. It sees what
 * the database sees, whatever the ORM or driver does above it.
 */
export class StatementCounter implements ClientTap {
  private total = 0;
  /** The text of every statement parsed ('P') or sent as a simple query ('Q'), in order. */
  readonly texts: string[] = [];

  get count(): number {
    return this.total;
  }

  connected(): (chunk: Buffer) => void {
    let pending = Buffer.alloc(0);
    // The first messages (startup, SSL or GSS request) have no type byte.
    let untyped = true;
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
        if (type === 'Q') this.texts.push(pending.toString('utf8', 5, pending.indexOf(0, 5)));
        if (type === 'P') {
          // A Parse message: the statement's name, then its text, each ending in a zero byte.
          const textStart = pending.indexOf(0, 5) + 1;
          this.texts.push(pending.toString('utf8', textStart, pending.indexOf(0, textStart)));
        }
        pending = pending.subarray(1 + length);
      }
    };
  }
}
