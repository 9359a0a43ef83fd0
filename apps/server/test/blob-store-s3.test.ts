import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { S3BlobStore } from '@groundfloor/blob-store-s3';
import { BLOB_STORE, type BlobStore } from '@groundfloor/domain';
import S3rver from 's3rver';
import { type ConfigError, loadConfig } from '../src/config';
import { startTestServer, type TestServer } from './support/test-server';

/** BLOB_STORE=s3: the server keeps release bundles in a bucket every replica shares, not under DATA_DIR. */
describe('release bundles on an S3-compatible store', () => {
  let s3: S3rver;
  let directory: string;
  let endpoint: string;
  let t: TestServer;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'gf-s3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: 'bundles' }));
    admin.destroy();
    t = await startTestServer('pglite', {
      BLOB_STORE: 's3',
      S3_BUCKET: 'bundles',
      S3_KEY_PREFIX: 'groundfloor/',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('binds the S3 adapter, which writes into the bucket under the prefix and nothing under DATA_DIR', async () => {
    const store = await t.running.container.getAsync<BlobStore>(BLOB_STORE);
    expect(store).toBeInstanceOf(S3BlobStore);
    const put = await store.put(
      'releases/r1/remoteEntry.js',
      (async function* () {
        yield Buffer.from('export default 1;\n');
      })(),
      { maxBytes: 1024 },
    );
    expect(put).toMatchObject({ status: 'stored', sizeBytes: 18 });
    expect(existsSync(path.join(directory, 'bundles', 'groundfloor', 'releases', 'r1'))).toBe(true);
    const config = loadConfig({ DATA_DIR: t.running.url });
    expect(config.blobStore.kind).toBe('fs');
    const dataDirs = readdirSync(tmpdir()).filter((d) => d.startsWith('gf-test-'));
    for (const dir of dataDirs)
      expect(existsSync(path.join(tmpdir(), dir, 'blobs', 'releases', 'r1'))).toBe(false);
  });

  it('refuses an incomplete S3 configuration at start, one line per problem', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems({ BLOB_STORE: 's3' })).toEqual(['S3_BUCKET is required with BLOB_STORE=s3']);
    expect(problems({ BLOB_STORE: 'gcs' })).toEqual(["BLOB_STORE must be fs or s3, got 'gcs'"]);
    expect(problems({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-half' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default credentials)',
    ]);
    expect(problems({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_KEY_PREFIX: 'no-slash' })).toEqual([
      "S3_KEY_PREFIX must be folder names ending in /, e.g. groundfloor/, got 'no-slash'",
    ]);
  });
});
