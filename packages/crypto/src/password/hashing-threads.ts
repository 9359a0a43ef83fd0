import { Worker } from 'node:worker_threads';

/**
 * What each thread runs: the same installed `@node-rs/argon2`, synchronously,
 * one call at a time. On Linux a thread's niceness is its own, so the thread
 * lowers only itself (to `nice`); elsewhere `setpriority` would lower the
 * whole process, so it is left alone.
 */
const threadSource = (argon2Path: string, nice: number | null) => `
const { parentPort } = require('node:worker_threads');
const os = require('node:os');
let priority = os.getPriority();
if (${nice !== null}) {
  try {
    os.setPriority(${nice ?? 0});
    priority = os.getPriority();
  } catch {}
}
const argon2 = require(${JSON.stringify(argon2Path)});
parentPort.on('message', ({ op, args }) => {
  try {
    const value = op === 'verify' ? argon2.verifySync(...args) : op === 'hash' ? argon2.hashSync(...args) : priority;
    parentPort.postMessage({ value });
  } catch (error) {
    parentPort.postMessage({ failure: String((error && error.message) || error) });
  }
});
`;

type Operation = 'hash' | 'verify' | 'priority';

/** The thread running a call stopped before answering it: not the call's own failure. */
export class HashingThreadStopped extends Error {}

interface Call {
  readonly op: Operation;
  readonly args: readonly unknown[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** One thread, one call at a time. */
class HashingThread {
  private readonly worker: Worker;
  private current: Call | null = null;
  private dead = false;

  constructor(
    source: string,
    private readonly onFree: (thread: HashingThread) => void,
    private readonly onDeath: (thread: HashingThread) => void,
  ) {
    // A small heap: the thread holds a password and a hash at a time.
    this.worker = new Worker(source, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    // Idle, never what keeps the process alive; busy, it must (see run).
    this.worker.unref();
    this.worker.on('message', (message: { value?: unknown; failure?: string }) => {
      const call = this.current;
      this.current = null;
      this.worker.unref();
      if (call) {
        if (message.failure !== undefined) call.reject(new Error(message.failure));
        else call.resolve(message.value);
      }
      this.onFree(this);
    });
    const die = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      this.current?.reject(error);
      this.current = null;
      this.onDeath(this);
    };
    this.worker.on('error', (error) =>
      die(new HashingThreadStopped(`the hashing thread failed: ${error.message}`)),
    );
    this.worker.on('exit', (code) =>
      die(new HashingThreadStopped(`the hashing thread stopped (exit code ${code})`)),
    );
  }

  run(call: Call): void {
    this.current = call;
    // A command-line run may have nothing else to wait for than this answer.
    this.worker.ref();
    this.worker.postMessage({ op: call.op, args: call.args });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Threads of their own for argon2id, each at the lowest scheduling priority
 * (Linux). Hashing is the one CPU-heavy thing a sign-in does: on libuv's
 * threadpool it competes on equal terms with the event loop for the cores,
 * and a stream of sign-ins then delays every other request. At the lowest
 * priority the kernel runs the event loop first whenever both want a core,
 * and hashing takes what is left (docs/performance.md, "Sign-in"). Threads
 * start on first use, up to `size`; a call beyond them waits its turn
 * (`BoundedPasswordHasher` in front keeps the number of calls to `size`).
 */
export class HashingThreads {
  private readonly source: string;
  private readonly threads = new Set<HashingThread>();
  private readonly idle: HashingThread[] = [];
  private readonly waiting: Call[] = [];
  private readonly idleMs: number;
  private idleTimer: NodeJS.Timeout | undefined;

  /**
   * `idleMs`: threads stop once none has had work for this long (default 2 s),
   * so an idle server holds no thread's memory (about 8 MB each); the next
   * call starts one again (some tens of milliseconds). `nice`: the
   * niceness each thread sets itself to on Linux, 19 (the lowest priority)
   * by default; 0 leaves it at the process's own.
   */
  constructor(
    private readonly size: number,
    options: { idleMs?: number; nice?: number } = {},
  ) {
    if (!(Number.isInteger(size) && size >= 1)) throw new Error('hashing threads: size must be 1 or more');
    const nice = options.nice ?? 19;
    if (!(Number.isInteger(nice) && nice >= 0 && nice <= 19))
      throw new Error('hashing threads: nice must be a whole number from 0 to 19');
    this.idleMs = options.idleMs ?? 2_000;
    this.source = threadSource(
      require.resolve('@node-rs/argon2'),
      process.platform === 'linux' && nice > 0 ? nice : null,
    );
  }

  /** `hashSync(...args)` of `@node-rs/argon2` on a hashing thread. */
  hash(...args: unknown[]): Promise<string> {
    return this.call('hash', args) as Promise<string>;
  }

  /** `verifySync(...args)`; rejects when argon2 does (an unparseable hash), or with `HashingThreadStopped`. */
  verify(...args: unknown[]): Promise<boolean> {
    return this.call('verify', args) as Promise<boolean>;
  }

  /** How many threads are up. */
  get running(): number {
    return this.threads.size;
  }

  /** The niceness a thread runs at (the operating system's view). */
  priority(): Promise<number> {
    return this.call('priority', []) as Promise<number>;
  }

  /** Ends every thread; later calls start new ones. */
  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const threads = [...this.threads];
    this.threads.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((thread) => thread.stop()));
  }

  private call(op: Operation, args: unknown[]): Promise<unknown> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    return new Promise((resolve, reject) => {
      this.waiting.push({ op, args, resolve, reject });
      this.next();
    });
  }

  /** Once every thread is idle, stops them all after `idleMs` unless work comes first. */
  private stopWhenIdle(): void {
    if (this.idle.length !== this.threads.size || this.waiting.length > 0 || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.idle.length === this.threads.size && this.waiting.length === 0) void this.stop();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private next(): void {
    while (this.waiting.length > 0) {
      const thread = this.idle.pop() ?? this.start();
      if (!thread) return;
      thread.run(this.waiting.shift() as Call);
    }
  }

  private start(): HashingThread | undefined {
    if (this.threads.size >= this.size) return undefined;
    const thread = new HashingThread(
      this.source,
      (free) => {
        if (!this.threads.has(free)) return;
        this.idle.push(free);
        this.next();
        this.stopWhenIdle();
      },
      (dead) => {
        this.threads.delete(dead);
        const at = this.idle.indexOf(dead);
        if (at >= 0) this.idle.splice(at, 1);
        this.next();
      },
    );
    this.threads.add(thread);
    return thread;
  }
}
