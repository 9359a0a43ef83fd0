import { once } from 'node:events';
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import request from 'supertest';
import { createHttpServer } from '../src/http-server';

/** An application that uses what Express puts on requests and responses through their prototypes. */
function application(): Express {
  const app = express();
  app.set('trust proxy', 1);
  app.use(express.json());
  app.post('/echo/:name', (req, res) => {
    res
      .status(201)
      .set('X-Seen-Name', req.params.name)
      .json({
        body: req.body as unknown,
        query: req.query,
        header: req.get('x-custom') ?? null,
        ip: req.ip,
        protocol: req.protocol,
        json: req.is('application/json'),
        sameApp: req.app === app && res.app === app,
      });
  });
  app.get('/fail', () => {
    throw new Error('boom');
  });
  return app;
}

async function listening(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a request's prototype is when the server hands it over, before Express sees it. */
function prototypesSeen(server: Server, app: Express): boolean[] {
  const seen: boolean[] = [];
  server.prependListener('request', (req: IncomingMessage) => {
    seen.push(Object.getPrototypeOf(req) === app.request);
  });
  return seen;
}

const exchange = {
  send: { name: 'Ada', nested: { list: [1, 2] } },
  path: '/echo/widget?limit=5&tag=a',
};

async function post(url: string) {
  const res = await fetch(`${url}${exchange.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-custom': 'yes', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify(exchange.send),
  });
  return { status: res.status, name: res.headers.get('x-seen-name'), body: (await res.json()) as unknown };
}

describe('createHttpServer', () => {
  it('hands Express requests that already have the application’s prototype', async () => {
    const app = application();
    const server = createHttpServer(app);
    const seen = prototypesSeen(server, app);
    const { url, close } = await listening(server);
    try {
      await post(url);
      await post(url);
      expect(seen).toEqual([true, true]);
    } finally {
      await close();
    }
  });

  it('where a plain Node server hands over requests Express must swap', async () => {
    const app = application();
    const server = http.createServer(app);
    const seen = prototypesSeen(server, app);
    const { url, close } = await listening(server);
    try {
      await post(url);
      expect(seen).toEqual([false]);
    } finally {
      await close();
    }
  });

  it('answers exactly as the application does on a plain Node server', async () => {
    const ours = await listening(createHttpServer(application()));
    const plain = await listening(http.createServer(application()));
    try {
      const expected = {
        status: 201,
        name: 'widget',
        body: {
          body: exchange.send,
          query: { limit: '5', tag: 'a' },
          header: 'yes',
          ip: '203.0.113.9',
          protocol: 'http',
          json: 'application/json',
          sameApp: true,
        },
      };
      expect(await post(ours.url)).toEqual(expected);
      expect(await post(plain.url)).toEqual(expected);

      const failed = await fetch(`${ours.url}/fail`);
      expect(failed.status).toBe(500);
      const missing = await fetch(`${ours.url}/nowhere`);
      expect(missing.status).toBe(404);
    } finally {
      await ours.close();
      await plain.close();
    }
  });

  it('serves one application from several servers, and still through supertest', async () => {
    const app = application();
    const first = createHttpServer(app);
    const second = createHttpServer(app);
    const seenFirst = prototypesSeen(first, app);
    const seenSecond = prototypesSeen(second, app);
    const a = await listening(first);
    const b = await listening(second);
    try {
      expect((await post(a.url)).status).toBe(201);
      expect((await post(b.url)).status).toBe(201);
      expect([...seenFirst, ...seenSecond]).toEqual([true, true]);
      const viaSupertest = await request(app)
        .post('/echo/other')
        .set('x-custom', 'no')
        .send({ ok: true })
        .expect(201);
      expect(viaSupertest.body).toMatchObject({ body: { ok: true }, header: 'no', sameApp: true });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
