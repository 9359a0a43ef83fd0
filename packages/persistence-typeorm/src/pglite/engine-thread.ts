import { Worker } from 'node:worker_threads';
import { lockDataDir } from './data-dir-lock';
import { engineThreadSource } from './engine-thread-source';

interface Reply {
  readonly id: number;
  readonly bytes?: Uint8Array;
  readonly notifications?: readonly [string, string][];
  readonly failure?: string;
}

type Listener = (payload: string) => void;

/** The engine thread failed or stopped: whatever was waiting on it fails with this (a 503). */
export class EngineThreadStopped extends Error {
  override readonly name = 'EngineThreadStopped';
}

/**
 * Embedded PGlite on a thread of its own. The server's thread speaks the
 * wire protocol to it (`EngineSocket`), exactly as `pg` speaks it to a
 * PostgreSQL server, so the engine's work runs beside the server's instead of
 * in turn with it. Several clients share its one session; the thread keeps
 * each transaction to itself (see `engine-thread-source.ts`).
 */
export class EngineThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private nextId = 1;
  private nextClient = 1;
  private stopped: Error | null = null;
  private closing = false;
  /** Gives back the data directory's lock (one process per embedded database). */
  private unlock: () => void = () => {};

  private constructor(dataDir: string | null, onStop: (error: Error) => void) {
    const pglitePath = require.resolve('@electric-sql/pglite');
    this.worker = new Worker(engineThreadSource(pglitePath), { eval: true, workerData: { dataDir } });
    // Idle, the thread is never what keeps the process alive (a command that
    // forgets to close still exits); while a call is in flight it must be,
    // as a socket with a query on it would be.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.receive(reply));
    const stop = (error: Error) => {
      if (this.stopped) return;
      this.stopped = error;
      if (!this.closing) onStop(error);
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    this.worker.on('error', (error) =>
      stop(new EngineThreadStopped(`the database engine failed: ${error.message}`)),
    );
    this.worker.on('exit', () => stop(new EngineThreadStopped('the database engine stopped')));
  }

  /**
   * Starts the thread and opens the database in it (`dataDir` null: in
   * memory). `onStop` hears of a thread that stopped without being closed.
   * A directory another live process has open is refused (`DataDirInUse`).
   */
  static async open(
    dataDir: string | null,
    onStop: (error: Error) => void = () => {},
  ): Promise<EngineThread> {
    const unlock = dataDir === null ? () => {} : lockDataDir(dataDir);
    const thread = new EngineThread(dataDir, onStop);
    thread.unlock = unlock;
    try {
      await thread.call({ op: 'open' });
    } catch (error) {
      await thread.worker.terminate();
      unlock();
      throw error;
    }
    return thread;
  }

  /** A number for a new client of the engine's one session. */
  newClient(): number {
    return this.nextClient++;
  }

  /** Sends a client's protocol messages; resolves with the engine's answer to them. */
  async exchange(client: number, bytes: Uint8Array): Promise<Uint8Array> {
    const reply = await this.call({ op: 'exec', socket: client, bytes }, [bytes.buffer as ArrayBuffer]);
    return reply.bytes ?? new Uint8Array(0);
  }

  /** A client went away: a transaction it left open is rolled back. */
  async hangUp(client: number): Promise<void> {
    await this.call({ op: 'hangup', socket: client });
  }

  /** PGlite's `listen`: `LISTEN` on the engine's one session, and a callback per notification. */
  async listen(channel: string, callback: Listener): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'sql', sql: `LISTEN ${channel}` });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
    };
  }

  /** Closes the database and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) {
      this.unlock();
      return;
    }
    this.closing = true;
    // Until the thread has exited: a closing process waits on nothing else.
    this.worker.ref();
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
      this.unlock();
    }
  }

  private call(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private receive(reply: Reply): void {
    const call = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    // Closing, the thread holds the process open until it has exited.
    if (this.pending.size === 0 && !this.closing) this.worker.unref();
    for (const [channel, payload] of reply.notifications ?? []) {
      for (const listener of this.listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    }
    if (!call) return;
    if (reply.failure !== undefined) call.reject(new Error(reply.failure));
    else call.resolve(reply);
  }
}
