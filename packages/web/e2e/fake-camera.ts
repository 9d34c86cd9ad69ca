// A fake camera for Chromium (issue 26): photos turned into I420 frames by Chromium itself (no image
// decoder needed in Node) and written as a .y4m file that `--use-file-for-fake-video-capture` loops.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Chromium's switches for a fake camera showing `y4m`, with the permission granted (or not). */
export const fakeCameraArgs = (y4m: string, allow = true) => [
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${y4m}`,
  ...(allow ? ['--use-fake-ui-for-media-stream'] : []),
];

/** A part of a picture, as shares of its width and height. */
export type Crop = { x: number; y: number; w: number; h: number };

/** One I420 frame of `w`×`h` from an image file or a part of it (letterboxed on grey), or a grey frame for null. */
export async function i420(
  page: Page,
  image: string | null,
  w: number,
  h: number,
  crop: Crop = { x: 0, y: 0, w: 1, h: 1 },
): Promise<Buffer> {
  const url = image ? `data:image/jpeg;base64,${readFileSync(image).toString('base64')}` : null;
  const b64 = await page.evaluate(
    async ({ url, w, h, crop }) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      g.fillStyle = '#808080';
      g.fillRect(0, 0, w, h);
      if (url) {
        const img = new Image();
        img.src = url;
        await img.decode();
        const [sx, sy, sw, sh] = [crop.x * img.width, crop.y * img.height, crop.w * img.width, crop.h * img.height];
        const k = Math.min(w / sw, h / sh);
        g.drawImage(img, sx, sy, sw, sh, (w - sw * k) / 2, (h - sh * k) / 2, sw * k, sh * k);
      }
      const px = g.getImageData(0, 0, w, h).data;
      const out = new Uint8Array((w * h * 3) / 2);
      const u0 = w * h;
      const v0 = u0 + (w * h) / 4;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const [r, gg, b] = [px[i], px[i + 1], px[i + 2]];
          out[y * w + x] = Math.round(0.299 * r + 0.587 * gg + 0.114 * b);
          if (y % 2 === 0 && x % 2 === 0) {
            const j = (y / 2) * (w / 2) + x / 2;
            out[u0 + j] = Math.round(128 - 0.168736 * r - 0.331264 * gg + 0.5 * b);
            out[v0 + j] = Math.round(128 + 0.5 * r - 0.418688 * gg - 0.081312 * b);
          }
        }
      }
      let s = '';
      for (let i = 0; i < out.length; i += 0x8000) s += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { url, w, h, crop },
  );
  return Buffer.from(b64, 'base64');
}

/** Writes a .y4m of these frames at `fps` (each frame repeated `times[i]` times). */
export function writeY4m(
  path: string,
  w: number,
  h: number,
  fps: number,
  frames: { frame: Buffer; times: number }[],
): void {
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const { frame, times } of frames) for (let i = 0; i < times; i++) parts.push(Buffer.from('FRAME\n'), frame);
  writeFileSync(path, Buffer.concat(parts));
}
