import { Duplex } from 'node:stream';
import type { EngineThread } from './engine-thread';

/**
 * What `pg` takes for a socket, wired to the engine thread instead of a
 * server: bytes written are protocol messages for the engine, bytes read are
 * its answers. Messages written in one turn of the event loop (a query's
 * parse, bind, describe, execute and sync) go to the thread as one exchange.
 */
export class EngineSocket extends Duplex {
  private outgoing: Buffer[] = [];
  private flushing = false;
  private readonly client: number;

  constructor(private readonly thread: EngineThread) {
    super();
    this.client = thread.newClient();
    // However the socket ends, a transaction it left open must not hold the session.
    // Sent after whatever it wrote last, whose flush was queued when it was written.
    this.once('close', () => {
      this.thread.hangUp(this.client).catch(() => {});
    });
  }

  // What pg calls on a TCP socket; nothing to do for a thread.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.outgoing.push(chunk);
    if (!this.flushing) {
      this.flushing = true;
      queueMicrotask(() => this.flush());
    }
    callback();
  }

  override _read(): void {}

  override _final(callback: (error?: Error | null) => void): void {
    this.push(null);
    callback();
  }

  private flush(): void {
    this.flushing = false;
    // A copy the thread can own (pg may reuse the buffers it wrote).
    const owned = new Uint8Array(Buffer.concat(this.outgoing));
    this.outgoing = [];
    this.thread.exchange(this.client, owned).then(
      (answer) => {
        if (answer.byteLength > 0)
          this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
      },
      (error: Error) => this.destroy(error),
    );
  }
}
