import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirInUse, lockDataDir } from '../src/pglite/data-dir-lock';
import { EngineThread } from '../src/pglite/engine-thread';

/*
 * One process per embedded database directory: PGlite works on the
 * database in its own memory, so a second process on the same files would
 * keep a copy of its own and overwrite the first's writes on closing.
 */
describe('the embedded database directory lock', () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'gf-lock-'));
    dataDir = path.join(root, 'pglite');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** The pid of a process that has exited. */
  const deadPid = () =>
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();

  it('writes this process id beside the directory and removes it on release', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a directory another live process holds, naming it', () => {
    writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dataDir)).toThrow(`pid ${process.ppid}`);
    expect(readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that died', () => {
    writeFileSync(`${dataDir}.lock`, `${deadPid()}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('lets one process open its directory twice, and keeps the lock until both are released', () => {
    const first = lockDataDir(dataDir);
    const second = lockDataDir(dataDir);
    first();
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    second();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('the engine refuses to open a directory another process has open, and frees its own on close', async () => {
    writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`);
    await expect(EngineThread.open(dataDir)).rejects.toBeInstanceOf(DataDirInUse);
    rmSync(`${dataDir}.lock`);
    const engine = await EngineThread.open(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await engine.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);
});
