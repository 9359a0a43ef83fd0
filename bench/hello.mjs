// The baseline: Express 5 answering a constant JSON body.
import express from 'express';

const app = express();
app.get('/hello', (_req, res) => res.json({ hello: 'world' }));
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
