import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  content: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
}

/**
 * Reads a whole (small, non-ZIP64) zip from its central directory, as an unzip program would: no
 * zip reader is installed and the test must not trust the writer's own view of what it wrote.
 */
export function unzip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('No end of central directory record.');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('Bad central directory header.');
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', offset + 46, offset + 46 + nameLength);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    entries.push({ name, method, content: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
