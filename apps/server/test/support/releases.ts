import type { Response } from 'superagent';
import type { TestServer } from './test-server';

type Headers = Readonly<Record<string, string>>;

/** The release routes of one app, called as one caller; every call returns the raw supertest answer. */
export function releaseRoutes(t: TestServer, auth: Headers, workspaceId: string, appId: string) {
  const base = `/v1/workspaces/${workspaceId}/apps/${appId}/releases`;
  const uploadUrl = (body: object) => t.http.post(`${base}/upload-url`).set(auth).send(body);
  const content = (releaseId: string, bytes: Buffer, type = 'application/octet-stream') =>
    t.http
      .put(`${base}/${releaseId}/content`)
      .set(auth)
      .set('Content-Type', type)
      // Sent as is, whatever the type says (superagent would write a Buffer labelled JSON as JSON).
      .serialize((body: unknown) => body as string)
      .send(bytes);
  const finalize = (releaseId: string) => t.http.post(`${base}/${releaseId}/finalize`).set(auth);

  /** A release with its content uploaded, not finalized. */
  async function uploaded(bytes: Buffer, options: { bundle?: string; label?: string } = {}) {
    const created = await uploadUrl({ ...options, size_bytes: bytes.length }).expect(201);
    const releaseId = created.body.release_id as string;
    await content(releaseId, bytes).expect(204);
    return releaseId;
  }

  /** Uploads and finalizes; the answer of finalize (200 or its refusal). */
  async function publish(bytes: Buffer, options: { bundle?: string; label?: string } = {}) {
    const releaseId = await uploaded(bytes, options);
    return { releaseId, res: await finalize(releaseId) };
  }

  return {
    base,
    uploadUrl,
    content,
    finalize,
    uploaded,
    publish,
    list: () => t.http.get(base).set(auth),
    current: () => t.http.get(`${base}/current`).set(auth),
  };
}

/** A public file of a release (no token). */
export const releaseFile = (t: TestServer, releaseId: string, path: string) =>
  t.http.get(`/v1/public/releases/${releaseId}/${path}`).buffer(true).parse(binary);

/** Keeps a file's body as bytes, whatever its type; a problem+json answer is parsed as usual. */
function binary(res: Response, done: (err: Error | null, body: unknown) => void): void {
  const chunks: Buffer[] = [];
  const type = String(res.headers['content-type'] ?? '');
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    done(null, type.startsWith('application/problem+json') ? JSON.parse(bytes.toString('utf8')) : bytes);
  });
  res.on('error', (err: Error) => done(err, null));
}
