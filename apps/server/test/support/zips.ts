import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { buildZip, type EntrySpec } from '../../../../packages/bundle-zip/test/support/zip-writer';

export { buildZip, type EntrySpec };

const MiB = 1024 * 1024;

/**
 * One entry of `size` zero bytes, deflated a MiB at a time: the archive is
 * a few hundred KiB while its entry honestly declares `size`, so no test
 * ever holds the inflated bytes.
 */
export async function zerosEntry(name: string, size: number): Promise<EntrySpec> {
  const zeros = Buffer.alloc(MiB);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = once(deflate, 'end');
  let crc = 0;
  for (let written = 0; written < size; written += MiB) {
    const chunk = zeros.subarray(0, Math.min(MiB, size - written));
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return { name, compressed: Buffer.concat(parts), declaredSize: size, crc };
}
