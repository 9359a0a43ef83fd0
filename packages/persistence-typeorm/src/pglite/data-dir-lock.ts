import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * Another process has the embedded database open. PGlite keeps the database
 * in the memory of the process that opened it and writes its files back
 * from there: a second process on the same files would work on its own copy
 * and, on closing, overwrite what the first wrote.
 */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is open in another process (pid ${pid}): stop that process ` +
        'first, or run several processes on PostgreSQL (DATABASE_URL)',
    );
  }
}

/** Locks held by this process, by file: opening the same directory twice in one process is allowed. */
const held = new Map<string, number>();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dataDir>.lock` for this process (its pid inside), or throws
 * DataDirInUse when a live process holds it. A lock left by a process that
 * died is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const count = held.get(file);
  if (count !== undefined) {
    held.set(file, count + 1);
    return once(() => release(file));
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.set(file, 1);
      return once(() => release(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(readOr(file, ''), 10);
    // Our own pid: a lock this process left before (a container's pid 1 restarted).
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new DataDirInUse(dataDir, pid);
    try {
      unlinkSync(file);
    } catch {
      // Taken over by another process at the same moment: the next attempt finds out.
    }
  }
  throw new DataDirInUse(dataDir, Number.parseInt(readOr(file, '0'), 10));
}

function readOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function release(file: string): void {
  const count = held.get(file) ?? 0;
  if (count > 1) {
    held.set(file, count - 1);
    return;
  }
  held.delete(file);
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
