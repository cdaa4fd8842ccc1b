import { constants, crc32, deflateRawSync } from 'node:zlib';

/** An entry as the zip stores it: its bytes (stored, or raw deflate), and what it unpacks to. */
export type PackedEntry = {
  name: string;
  method: 'stored' | 'deflated';
  data: Buffer;
  crc: number;
  size: number;
  /** The size the headers declare (default: `size`); a zip bomb may lie. */
  declaredSize?: number;
};

/** A zip of stored (uncompressed) entries, in the order given: enough to hand-make an Office file. */
export function zip(entries: [name: string, content: string][]): Buffer {
  return zipPacked(entries.map(([name, content]) => stored(name, content)));
}

export function stored(name: string, content: string | Buffer): PackedEntry {
  const data = Buffer.from(content);
  return { name, method: 'stored', data, crc: crc32(data), size: data.length };
}

/**
 * A deflated entry unpacking to `head`, then `chunk` `times` over, then `tail`, built without ever
 * holding the whole: each piece is deflated once with a full flush (byte-aligned, history reset),
 * so its compressed bytes can simply be repeated; the tail's stream is the final one. 1 MiB of a
 * short repeated pattern packs into about 1 KB, so gigabytes take a few MB.
 */
export function repeatedEntry(name: string, head: string, chunk: string, times: number, tail: string): PackedEntry {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const chunkBytes = Buffer.from(chunk);
  const packedChunk = flushed(chunk);
  let crc = crc32(head);
  for (let i = 0; i < times; i += 1) crc = crc32(chunkBytes, crc);
  crc = crc32(tail, crc);
  const data = Buffer.concat([
    flushed(head),
    ...Array.from({ length: times }, () => packedChunk),
    deflateRawSync(tail),
  ]);
  const size = Buffer.byteLength(head) + chunkBytes.length * times + Buffer.byteLength(tail);
  return { name, method: 'deflated', data, crc, size };
}

export function zipPacked(entries: PackedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directoryEntries: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, crc } = entry;
    const method = entry.method === 'stored' ? 0 : 8;
    const declaredSize = entry.declaredSize ?? entry.size;
    const fileName = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    directoryEntries.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralDirectory = Buffer.concat(directoryEntries);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}
