// Test fixtures for uploads: real tiny files built in memory, and multipart bodies.
import { crc32, deflateSync } from 'node:zlib';
import type { TestApp } from '../../../test/harness.js';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of w×h pixels (seeded colour so different seeds give different hashes). */
export function makePng(w: number, h: number, seed = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w * 3; x++) rows[y * (w * 3 + 1) + 1 + x] = (x * 7 + y * 13 + seed) & 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A video track's header (tkhd v0) of w×h, turned a quarter when `turned` (as phones record portrait). */
function tkhd(w: number, h: number, turned: boolean): Buffer {
  const b = Buffer.alloc(84);
  const matrix = turned
    ? [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000]
    : [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
  matrix.forEach((v, i) => b.writeInt32BE(v, 40 + i * 4));
  b.writeUInt32BE(w * 65536, 76);
  b.writeUInt32BE(h * 65536, 80);
  return box('tkhd', b);
}

/**
 * An mp4 (isom) whose mdat comes before moov, with mvhd v0: timescale 1000, duration `ms`; with
 * `size`, an audio track (0×0) then a video track of that picture size.
 */
export function makeMp4(
  ms: number,
  padding = 1024,
  size?: { width: number; height: number; turned?: boolean },
): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2mp41', 'latin1'),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(ms, 16);
  const tracks = size
    ? [box('trak', tkhd(0, 0, false)), box('trak', tkhd(size.width, size.height, size.turned ?? false))]
    : [];
  return Buffer.concat([
    ftyp,
    box('free'),
    box('mdat', Buffer.alloc(padding, 7)),
    box('moov', box('mvhd', mvhd), ...tracks),
  ]);
}

/** One MPEG-1 Layer III frame: 128 kbit/s, 44.1 kHz, 417 bytes, 1152 samples (the filler byte varies the hash). */
export const mp3Frame = (fill = 7) => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, fill)]);

/** An mp3 of `frames` frames, optionally behind an ID3v2.3 tag whose body is `id3` bytes long. */
export function makeMp3(frames: number, opts: { id3?: number; fill?: number } = {}): Buffer {
  const tag: Buffer[] = [];
  if (opts.id3 !== undefined) {
    const n = opts.id3;
    tag.push(
      Buffer.from('ID3'),
      Buffer.from([3, 0, 0, (n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]),
      Buffer.alloc(n),
    );
  }
  const frame = mp3Frame(opts.fill);
  return Buffer.concat([...tag, ...Array.from({ length: frames }, () => frame)]);
}

/** An ADTS (AAC-LC, 44.1 kHz) stream of `frames` 16-byte frames of 1024 samples each. */
export function makeAdts(frames: number, fill = 0): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), Buffer.alloc(9, fill)]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** ELF and PE executables' first bytes. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(600, 1)]);
export const MZ = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(600, 0x90)]);

export const BOUNDARY = '----vitrine-test-boundary';

/** A multipart body: optional fields first, then one file part. */
export function multipartBody(
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export async function upload(
  t: TestApp,
  headers: Record<string, string>,
  permit: string,
  file: { name: string; data: Buffer; type?: string },
  via: 'header' | 'field' = 'field',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(via === 'header' ? { permit } : {}),
    },
    payload: multipartBody(file, via === 'field' ? { permit } : {}),
  });
  return { status: res.statusCode, body: res.json() as { ret: number; msg: string; result: Record<string, unknown> } };
}

export async function permitOf(t: TestApp, headers: Record<string, string>, kind: string, extra = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/file/signature?kind=${kind}${extra}`, headers });
  return res.json() as {
    ret: number;
    msg: string;
    result: { permit: string; expires: number; maxSize: number; accept: string[] };
  };
}
