// The domain has no TextEncoder (no DOM or Node types): UTF-8 by hand, for
// what the KeyManagement port seals and opens.

export function utf8Encode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
  }
  return Uint8Array.from(bytes);
}

export function utf8Decode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  const next = () => (bytes[i++] ?? 0) & 0x3f;
  while (i < bytes.length) {
    const b = bytes[i++] as number;
    let cp: number;
    if (b < 0x80) cp = b;
    else if (b < 0xe0) cp = ((b & 0x1f) << 6) | next();
    else if (b < 0xf0) cp = ((b & 0x0f) << 12) | (next() << 6) | next();
    else cp = ((b & 0x07) << 18) | (next() << 12) | (next() << 6) | next();
    out += String.fromCodePoint(cp);
  }
  return out;
}
