import type { Request } from 'express';

/**
 * The request body as it arrives, chunk by chunk, for a store to write
 * (never held whole in memory). A consumer that stops early (the byte cap)
 * leaves the rest unread instead of destroying the request, so an answer
 * can still be sent: see `finishReading`.
 */
export const requestBytes = (req: Request): AsyncIterable<Uint8Array> =>
  req.iterator({ destroyOnReturn: false });

/**
 * Reads and drops what is left of the body before answering, as Express's
 * own body parsers do after a refusal: a client still sending would
 * otherwise see its connection reset instead of the answer. Past
 * `maxBytes` more, the client is not listening and the request is dropped.
 */
export function finishReading(req: Request, maxBytes: number): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let dropped = 0;
    const done = () => {
      req.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > maxBytes) {
        req.destroy();
        done();
      }
    };
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}
