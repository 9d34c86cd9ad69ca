import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { FILE_TYPE, TEXT_ATTACHMENTS, UPLOAD_RULES, type MessageKey, type StoredKind } from '@vitrine/contract';
import { fail } from '../../errors.js';
import type { Staged } from '../../storage/types.js';
import { audioFrames } from './audio.js';

export type Inspected = {
  mime: string;
  ext: string;
  type: number;
  width: number | null;
  height: number | null;
  duration: number | null;
};

const BY_MIME: [RegExp, number][] = [
  [/^image\//, FILE_TYPE.image],
  [/^video\//, FILE_TYPE.video],
  [/^audio\//, FILE_TYPE.audio],
  [/^application\/pdf$/, FILE_TYPE.pdf],
  [/^text\/html$|xhtml/, FILE_TYPE.html],
  [/spreadsheet|ms-excel|^text\/csv$/, FILE_TYPE.spreadsheet],
  [/presentation|ms-powerpoint/, FILE_TYPE.presentation],
  [/wordprocessing|msword/, FILE_TYPE.word],
  [/zip|x-7z|x-rar|gzip|x-tar|x-bzip2|x-xz/, FILE_TYPE.zip],
];

/** The spec's file-type code (§3: 1 spreadsheet … 10 pdf) of a sniffed MIME type. */
export function fileTypeCode(mime: string): number {
  return BY_MIME.find(([re]) => re.test(mime))?.[1] ?? FILE_TYPE.other;
}

const tooLargeKey = (kind: StoredKind, ext: string): MessageKey =>
  kind === 'screenshot'
    ? 'device.screenshot.tooLarge'
    : kind === 'attachment'
      ? 'file.tooLarge.attachment'
      : kind !== 'material'
        ? 'file.tooLarge.image'
        : ext === 'mp4'
          ? 'file.tooLarge.video'
          : ext === 'mp3' || ext === 'aac'
            ? 'file.tooLarge.audio'
            : 'file.tooLarge.materialImage';

/** The message for a body past a kind's largest size, before its type is known. */
export const streamTooLargeKey = (kind: StoredKind) => tooLargeKey(kind, kind === 'material' ? 'mp4' : 'png');

/**
 * Judge a staged upload by its bytes: the real type (file-type; unknown is refused), the kind's
 * rules (40001 for the type, 40013 for the size), then image dimensions, a video's duration and
 * picture size, or music's frames (audio.ts: a run of real frames, and its duration).
 */
export async function inspect(staged: Staged, kind: StoredKind, name = ''): Promise<Inspected> {
  const typeKey: MessageKey =
    kind === 'screenshot'
      ? 'device.screenshot.type'
      : kind === 'material'
        ? 'file.type.material'
        : kind === 'attachment'
          ? 'file.type.attachment'
          : 'file.type.image';
  const found =
    (await fileTypeFromBuffer(staged.head)) ?? (kind === 'attachment' ? textAttachment(staged.head, name) : undefined);
  const rule = found && UPLOAD_RULES[kind].find((r) => r.ext === found.ext && r.mime === found.mime);
  if (!found || !rule) throw fail.invalid('file', typeKey);
  if (staged.size > rule.max) throw fail.tooLarge(tooLargeKey(kind, rule.ext));
  const out: Inspected = {
    mime: rule.mime,
    ext: rule.ext,
    type: fileTypeCode(rule.mime),
    width: null,
    height: null,
    duration: null,
  };
  if (out.type === FILE_TYPE.image) {
    try {
      const dim = imageSize(await staged.read(0, staged.size));
      out.width = dim.width;
      out.height = dim.height;
    } catch {
      // the magic bytes say image but the header does not parse: not an image we can use
      throw fail.invalid('file', typeKey);
    }
  } else if (rule.ext === 'mp4') {
    out.duration = await mp4Duration(staged);
    const size = await mp4Dimensions(staged);
    if (size) Object.assign(out, size);
  } else if (rule.ext === 'mp3' || rule.ext === 'aac') {
    const audio = await audioFrames(staged, rule.ext);
    if (!audio) throw fail.invalid('file', typeKey);
    out.duration = audio.duration;
  }
  return out;
}

/** A text attachment (csv, txt, html: no signature to sniff): its name says which, its bytes are UTF-8 without NUL. */
function textAttachment(head: Buffer, name: string): { ext: string; mime: string } | undefined {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const mime = TEXT_ATTACHMENTS[ext];
  if (!mime || head.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
  return { ext, mime };
}

type Box = { type: string; start: number; header: number; size: number };

async function boxAt(staged: Staged, start: number, end: number): Promise<Box | null> {
  if (start + 8 > end) return null;
  const h = await staged.read(start, 16);
  if (h.length < 8) return null;
  let size = h.readUInt32BE(0);
  let header = 8;
  if (size === 1) {
    if (h.length < 16) return null;
    size = Number(h.readBigUInt64BE(8));
    header = 16;
  } else if (size === 0) {
    size = end - start;
  }
  if (size < header || start + size > end) return null;
  return { type: h.toString('latin1', 4, 8), start, header, size };
}

async function findBox(staged: Staged, type: string, from: number, end: number): Promise<Box | null> {
  // a bounded walk: a hostile file cannot make us read box headers forever
  for (let at = from, i = 0; i < 256; i++) {
    const box = await boxAt(staged, at, end);
    if (!box) return null;
    if (box.type === type) return box;
    at += box.size;
  }
  return null;
}

/** Duration in seconds from moov/mvhd (ISO BMFF), or null when the file does not say. */
export async function mp4Duration(staged: Staged): Promise<number | null> {
  const moov = await findBox(staged, 'moov', 0, staged.size);
  if (!moov) return null;
  const mvhd = await findBox(staged, 'mvhd', moov.start + moov.header, moov.start + moov.size);
  if (!mvhd) return null;
  const b = await staged.read(mvhd.start + mvhd.header, 32);
  if (b.length < 20) return null;
  const v1 = b[0] === 1;
  if (v1 && b.length < 32) return null;
  const timescale = v1 ? b.readUInt32BE(20) : b.readUInt32BE(12);
  const units = v1 ? Number(b.readBigUInt64BE(24)) : b.readUInt32BE(16);
  return timescale > 0 ? Math.round((units / timescale) * 1000) / 1000 : null;
}

/**
 * The picture size of an mp4's first video track, from its tkhd (16.16 fixed-point width and
 * height after the matrix); a track turned a quarter (phone videos) swaps them, as players do.
 */
export async function mp4Dimensions(staged: Staged): Promise<{ width: number; height: number } | null> {
  const moov = await findBox(staged, 'moov', 0, staged.size);
  if (!moov) return null;
  // a bounded walk over moov's children, as findBox
  for (let at = moov.start + moov.header, i = 0; i < 64; i++) {
    const trak = await boxAt(staged, at, moov.start + moov.size);
    if (!trak) return null;
    at += trak.size;
    if (trak.type !== 'trak') continue;
    const tkhd = await findBox(staged, 'tkhd', trak.start + trak.header, trak.start + trak.size);
    if (!tkhd) continue;
    const b = await staged.read(tkhd.start + tkhd.header, Math.min(tkhd.size - tkhd.header, 96));
    const base = b[0] === 1 ? 52 : 40; // the matrix follows the times, ids and duration (wider in v1)
    if (b.length < base + 44) continue;
    const width = Math.round(b.readUInt32BE(base + 36) / 65536);
    const height = Math.round(b.readUInt32BE(base + 40) / 65536);
    if (!width || !height) continue; // an audio track
    const quarterTurn = b.readInt32BE(base) === 0 && b.readInt32BE(base + 4) !== 0;
    return quarterTurn ? { width: height, height: width } : { width, height };
  }
  return null;
}
