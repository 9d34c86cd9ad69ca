import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// Zip archives built in a test (issue 24 §3: bombs with generated files only, never a stored large
// one). An entry may declare a size other than its real one, as an attacker's would.

export type ZipEntry = {
  name: string;
  data?: Buffer;
  deflated?: Buffer;
  size?: number;
  crc?: number;
  declaredSize?: number;
};

/** A zip of the entries (deflated unless given deflated), with the sizes each declares. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = e.deflated ?? deflateRawSync(e.data ?? Buffer.alloc(0));
    const size = e.declaredSize ?? e.size ?? e.data?.length ?? 0;
    const crc = e.crc ?? (e.data ? crc32(e.data) : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** `head`, then `mb` megabytes of one repeated byte, then `tail`, deflated a megabyte at a time (never held whole). */
export async function deflatedBomb(
  head: string,
  mb: number,
  tail: string,
  byte = 0x41,
): Promise<{ deflated: Buffer; size: number; crc: number }> {
  const chunk = Buffer.alloc(1 << 20, byte);
  const d = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    if (!d.write(b)) await once(d, 'drain');
  };
  await write(Buffer.from(head));
  for (let i = 0; i < mb; i++) await write(chunk);
  await write(Buffer.from(tail));
  d.end();
  await once(d, 'end');
  return {
    deflated: Buffer.concat(out),
    size: Buffer.byteLength(head) + mb * (1 << 20) + Buffer.byteLength(tail),
    crc,
  };
}
