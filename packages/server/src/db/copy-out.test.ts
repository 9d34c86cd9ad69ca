import { describe, expect, it } from 'vitest';
import { CopyColumn } from './copy-out.js';

// COPY's binary format for one text column, however the bytes are cut into chunks.

function binary(rows: (string | null)[]): Buffer {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const r of rows) {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    if (r === null) {
      head.writeInt32BE(-1, 2);
      parts.push(head);
    } else {
      const body = Buffer.from(r, 'utf8');
      head.writeInt32BE(body.length, 2);
      parts.push(head, body);
    }
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([...parts, trailer]);
}

async function unwrap(bytes: Buffer, size: number): Promise<string> {
  const t = new CopyColumn();
  const out: Buffer[] = [];
  t.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => t.on('end', r));
  for (let i = 0; i < bytes.length; i += size) t.write(bytes.subarray(i, i + size));
  t.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('CopyColumn', () => {
  it('passes each row’s bytes through, in chunks of any size, skipping NULLs', async () => {
    const rows = ['时间,门店\r\n', 'a,"x\r\ny"\r\n', null, '', "'=1+2,b\r\n"];
    const bytes = binary(rows);
    for (const size of [1, 2, 5, 7, 64, bytes.length])
      expect(await unwrap(bytes, size)).toBe(rows.filter((r) => r !== null).join(''));
  });

  it('refuses what is not COPY binary', async () => {
    const t = new CopyColumn();
    const failed = new Promise<Error>((r) => t.on('error', r));
    t.write(Buffer.from('id,name\n1,x\n2,y\n3,z\n'));
    expect((await failed).message).toMatch(/binary/);
  });
});
