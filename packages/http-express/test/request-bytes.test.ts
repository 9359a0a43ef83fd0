import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { finishReading, requestBytes } from '../src/request-bytes';

const MiB = 1024 * 1024;

/**
 * A route that reads at most `cap` bytes of the body, as the blob store
 * does with its byte cap, then answers after `finishReading(req, drainMax)`.
 */
async function server(cap: number, drainMax: number) {
  const app = express();
  app.put('/upload', async (req, res) => {
    let read = 0;
    for await (const chunk of requestBytes(req)) {
      read += chunk.byteLength;
      if (read > cap) break;
    }
    await finishReading(req, drainMax);
    if (!res.destroyed) res.status(read > cap ? 413 : 204).end();
  });
  const listening = http.createServer(app).listen(0, '127.0.0.1');
  await once(listening, 'listening');
  return { port: (listening.address() as AddressInfo).port, close: () => listening.close() };
}

/** PUTs `size` bytes in 64 KiB writes; the status, or the error that ended the request. */
function put(port: number, size: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request({ port, host: '127.0.0.1', method: 'PUT', path: '/upload' });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    const chunk = Buffer.alloc(64 * 1024, 1);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('streamed request bodies', () => {
  it('stopping early leaves the request open, so the refusal reaches the client', async () => {
    const s = await server(MiB, 16 * MiB);
    try {
      expect(await put(s.port, 4 * MiB)).toBe(413);
      expect(await put(s.port, MiB / 2)).toBe(204);
    } finally {
      s.close();
    }
  });

  it('cuts off a client that keeps sending far past the cap instead of reading it all', async () => {
    const s = await server(64 * 1024, MiB);
    try {
      const outcome = await put(s.port, 64 * MiB);
      expect(['ECONNRESET', 'EPIPE']).toContain(outcome);
    } finally {
      s.close();
    }
  });
});
