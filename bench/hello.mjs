// The baseline: Express 5 answering a constant JSON body.
//
// HELLO_SERVER=product serves the same application through the product's
// own createHttpServer (requests born with the application's prototypes,
// docs/performance.md, "Express's prototype swap") instead of app.listen:
// printed beside the targets' baseline, which stays the stock one.
import { createServer } from 'node:http';
import express from 'express';

const app = express();
app.get('/hello', (_req, res) => res.json({ hello: 'world' }));
// `app.listen` is `http.createServer(app).listen`.
const server =
  process.env.HELLO_SERVER === 'product'
    ? (await import('../packages/http-express/dist/http-server.js')).createHttpServer(app)
    : createServer(app);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
