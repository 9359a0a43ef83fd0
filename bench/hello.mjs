// The baseline: Express 5 answering a constant JSON body.
//
// HELLO_SERVER=product serves the same application through the product's
// own createHttpServer (requests born with the application's prototypes,
// docs/performance.md, "Express's prototype swap") instead of app.listen:
// printed beside the targets' baseline, which stays the stock one.
import express from 'express';

const app = express();
app.get('/hello', (_req, res) => res.json({ hello: 'world' }));
const port = Number(process.env.PORT ?? 0);
const server =
  process.env.HELLO_SERVER === 'product'
    ? (await import('../packages/http-express/dist/http-server.js')).createHttpServer(app)
    : null;
const listening = server
  ? server.listen(port, '127.0.0.1', () => announce(server))
  : app.listen(port, '127.0.0.1', () => announce(listening));
function announce(s) {
  process.stdout.write(`listening ${s.address().port}\n`);
}
process.on('SIGTERM', () => listening.close(() => process.exit(0)));
