import { SingleBar } from 'cli-progress';

/** A progress bar on a terminal; plain lines, one every tenth of the way, elsewhere (logs, pipes). */
export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const bar = new SingleBar({
      format: `${label} [{bar}] {value}/{total}`,
      stream,
      hideCursor: true,
      clearOnComplete: false,
    });
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else {
          bar.setTotal(total);
          bar.update(done);
        }
      },
      stop: () => bar.stop(),
    };
  }
  let lastTenth = -1;
  return {
    update(done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${done}/${total}\n`);
    },
    stop() {},
  };
}
