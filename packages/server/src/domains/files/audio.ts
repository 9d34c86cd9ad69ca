import type { Staged } from '../../storage/types.js';

// Background music (issue 9 §1): the second look at bytes file-type called mp3 or aac. file-type
// judges two bytes (or only an ID3 tag when the tag is longer than the head it sees); here the
// frames are walked from the end of the ID3 tags, so a run of real frames is required, and their
// samples give the duration.

export type AudioFormat = 'mp3' | 'aac';
type Frame = { length: number; samples: number; rate: number };

const CHUNK = 64 * 1024;
/** The longest frame header read (ADTS with CRC). */
const HEADER = 9;

/** kbit/s by bitrate index (1–14) of Layer III: MPEG-1, and MPEG-2 / 2.5. */
const MP3_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** Sample rates by version bits (3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5) and rate index. */
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};
const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** An MPEG audio Layer III frame header at b[i], or null. */
export function mp3Frame(b: Buffer, i: number): Frame | null {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[i + 1] >> 3) & 3;
  const layer = (b[i + 1] >> 1) & 3;
  const bitrate = (b[i + 2] >> 4) & 15;
  const rateIndex = (b[i + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrate === 0 || bitrate === 15 || rateIndex === 3) return null;
  const rate = MP3_RATES[version][rateIndex];
  const samples = version === 3 ? 1152 : 576;
  const kbps = (version === 3 ? MP3_KBPS.v1 : MP3_KBPS.v2)[bitrate];
  const length = Math.floor(((samples / 8) * kbps * 1000) / rate) + ((b[i + 2] >> 1) & 1);
  return { length, samples, rate };
}

/** An ADTS (AAC) frame header at b[i], or null. */
export function adtsFrame(b: Buffer, i: number): Frame | null {
  if (i + 7 > b.length || b[i] !== 0xff || (b[i + 1] & 0xf6) !== 0xf0) return null;
  const rateIndex = (b[i + 2] >> 2) & 15;
  const length = ((b[i + 3] & 3) << 11) | (b[i + 4] << 3) | (b[i + 5] >> 5);
  const header = b[i + 1] & 1 ? 7 : 9;
  if (rateIndex >= ADTS_RATES.length || length < header) return null;
  return { length, samples: 1024 * ((b[i + 6] & 3) + 1), rate: ADTS_RATES[rateIndex] };
}

/** Where the audio starts: past any ID3v2 tags (10-byte header, sync-safe size, optional footer); null when a tag is malformed. */
async function audioStart(staged: Staged): Promise<number | null> {
  let at = 0;
  for (let tags = 0; tags < 4; tags++) {
    const h = await staged.read(at, 10);
    if (h.length < 10 || h.toString('latin1', 0, 3) !== 'ID3') return at;
    if ((h[6] | h[7] | h[8] | h[9]) & 0x80) return null;
    at += 10 + ((h[6] << 21) | (h[7] << 14) | (h[8] << 7) | h[9]) + (h[5] & 0x10 ? 10 : 0);
  }
  return null;
}

/**
 * Walk the frames of an mp3 or aac upload: null when the audio does not begin with a run of frames
 * (two that chain, or one that fills the file); else the duration in seconds of the frames up to
 * the first byte that is not one (an ID3v1 or APE tag at the end ends the walk).
 */
export async function audioFrames(staged: Staged, format: AudioFormat): Promise<{ duration: number } | null> {
  const start = await audioStart(staged);
  if (start === null || start >= staged.size) return null;
  const parse = format === 'mp3' ? mp3Frame : adtsFrame;
  let at = start;
  let buf: Buffer = Buffer.alloc(0);
  let bufAt = start;
  let frames = 0;
  let samples = 0;
  let rate = 0;
  while (at < staged.size) {
    if (at + HEADER > bufAt + buf.length && bufAt + buf.length < staged.size) {
      buf = await staged.read(at, CHUNK);
      bufAt = at;
    }
    const f = parse(buf, at - bufAt);
    if (!f || (rate && f.rate !== rate) || at + f.length > staged.size) break;
    rate = f.rate;
    frames++;
    samples += f.samples;
    at += f.length;
  }
  if (frames < 2 && !(frames === 1 && at === staged.size)) return null;
  return { duration: Math.round((samples / rate) * 1000) / 1000 };
}
