import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { describeBlobStoreContract } from '@groundfloor/testkit';
import S3rver from 's3rver';
import { S3BlobStore } from '../src';

/*
 * The blob-store contract (the same suite the fake and the filesystem run)
 * against a real S3-compatible server on loopback, started by the test.
 */
describeBlobStoreContract(
  'S3 (s3rver on loopback)',
  async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'gf-s3rver-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const address = (await server.run()) as AddressInfo;
    const client = {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    const admin = new S3Client(client);
    await admin.send(new CreateBucketCommand({ Bucket: 'groundfloor-test' }));
    admin.destroy();
    const store = new S3BlobStore({ bucket: 'groundfloor-test', keyPrefix: 'releases/', client });
    return {
      subject: store,
      close: async () => {
        store.close();
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  },
  // s3rver stores `<key>._S3rver_object` files, so a segment must leave room
  // for that suffix, and it rewrites them in place, so a read open across a
  // replacement may be cut short (S3 itself serves the version it began with).
  { segmentMax: 230, readsSurviveReplacement: false },
);
