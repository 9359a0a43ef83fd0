import { crc32, deflateRawSync } from 'node:zlib';

/**
 * One entry of a hand-built archive. Every field a hostile archive lies in
 * can be set on its own: the sizes and CRC the headers declare, the mode
 * bits, the compression method, the raw name bytes.
 */
export interface EntrySpec {
  readonly name: string | Buffer;
  /** The real (inflated) content. */
  readonly data?: Buffer;
  /** 8 (deflate, the default), 0 (stored) or anything else, which no reader supports. */
  readonly method?: number;
  /** The compressed bytes, when not the deflate of `data`. */
  readonly compressed?: Buffer;
  /** The uncompressed size the headers declare (default: the real one). */
  readonly declaredSize?: number;
  readonly crc?: number;
  /** Unix mode bits (e.g. 0o120777 for a symbolic link), kept in the high 16 bits of the external attributes. */
  readonly mode?: number;
  readonly dosAttributes?: number;
  /** General-purpose flags (default: UTF-8 names). */
  readonly flags?: number;
}

const UTF8_NAMES = 0x800;
const DOS_DATE_1980 = 0x21;

/** A zip archive of `entries`, byte by byte as the format describes, with no checks. */
export function buildZip(entries: readonly EntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const name = typeof spec.name === 'string' ? Buffer.from(spec.name, 'utf8') : spec.name;
    const data = spec.data ?? Buffer.alloc(0);
    const method = spec.method ?? 8;
    const compressed = spec.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const size = spec.declaredSize ?? data.length;
    const crc = spec.crc ?? crc32(data);
    const flags = spec.flags ?? UTF8_NAMES;
    const external = (((spec.mode ?? 0) << 16) | (spec.dosAttributes ?? 0)) >>> 0;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE_1980, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(spec.mode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE_1980, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(external, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
