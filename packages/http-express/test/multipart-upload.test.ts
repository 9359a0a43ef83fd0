import express from 'express';
import request from 'supertest';
import { errorHandler } from '../src/middleware/error-handler';
import { readCodeUpload } from '../src/multipart-upload';

/** A route reading a code upload of at most `maxBytes`: 200 with what it read, or the API's problem answer. */
function app(maxBytes: number) {
  const server = express();
  server.post('/upload', async (req, res) => {
    const form = await readCodeUpload(req, maxBytes);
    res.json({ bytes: form.content.length, description: form.description });
  });
  server.use(errorHandler());
  return server;
}

describe('readCodeUpload', () => {
  it('takes a file of exactly the limit, and refuses one byte more with 413 code_upload_too_large', async () => {
    const exactly = await request(app(64))
      .post('/upload')
      .field('Description', 'first cut')
      .attach('file', Buffer.alloc(64, 7), 'code.zip')
      .expect(200);
    expect(exactly.body).toEqual({ bytes: 64, description: 'first cut' });
    const over = await request(app(64))
      .post('/upload')
      .attach('file', Buffer.alloc(65, 7), 'code.zip')
      .expect(413);
    expect(over.body.code).toBe('code_upload_too_large');
  });
});
