import { describe, expect, it, vi } from 'vitest';
import { acceptOf, checkFile, mimeOf, sizeAdvice } from './hints';
import { sha256Hex, toHex } from './sha256';
import { uploadOnce } from './uploadOnce';
import { percentOf } from './xhr';

const KB = 1024;
const MB = 1024 * KB;
const f = (name: string, type: string, size: number) => ({ name, type, size });

describe('upload hints (spec §5, §9)', () => {
  it('materials: mp4 under 20MB, jpg or png under 200KB', () => {
    expect(checkFile('material', f('a.mp4', 'video/mp4', 20 * MB - 1))).toBeNull();
    expect(checkFile('material', f('a.mp4', 'video/mp4', 20 * MB))).toEqual({ key: 'error.videoTooLarge' });
    expect(checkFile('material', f('a.jpg', 'image/jpeg', 200 * KB - 1))).toBeNull();
    expect(checkFile('material', f('a.png', 'image/png', 200 * KB))).toEqual({ key: 'error.imageTooLarge' });
    expect(checkFile('material', f('a.gif', 'image/gif', 10))).toEqual({ key: 'error.formatMaterial' });
  });

  it('logo and avatar: small images only', () => {
    expect(checkFile('logo', f('l.png', 'image/png', 200 * KB))).toBeNull();
    expect(checkFile('avatar', f('a.png', 'image/png', 200 * KB + 1))).toEqual({ key: 'error.imageTooLarge' });
    expect(checkFile('avatar', f('a.mp4', 'video/mp4', 10))).toEqual({ key: 'error.formatImage' });
    expect(checkFile('logo', f('x.exe', 'application/octet-stream', 10))).toEqual({ key: 'error.formatImage' });
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(mimeOf(f('A.JPG', '', 1))).toBe('image/jpeg');
    expect(mimeOf(f('clip.mp4', '', 1))).toBe('video/mp4');
    expect(mimeOf(f('noext', '', 1))).toBe('');
    expect(acceptOf('material')).toContain('video/mp4');
    expect(acceptOf('avatar')).not.toContain('video/mp4');
  });

  it('advises 1920x1080 for material pictures only', () => {
    expect(sizeAdvice('material', 1920, 1080)).toBe(false);
    expect(sizeAdvice('material', 1280, 720)).toBe(true);
    expect(sizeAdvice('logo', 64, 64)).toBe(false);
  });

  it('computes progress percentages', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(300, 200)).toBe(100);
  });
});

describe('sha256', () => {
  it('hashes bytes like the server does', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc').buffer as ArrayBuffer)).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex(new Blob([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(new Uint8Array([0, 15, 255]).buffer)).toBe('000fff');
  });
});

describe('uploadOnce', () => {
  const file = new File(['hello'], 'h.png', { type: 'image/png' });

  it('skips the upload when file/info knows the hash', async () => {
    const upload = vi.fn();
    const info = vi.fn(async () => 'stored');
    const progress = vi.fn();
    const out = await uploadOnce(file, { info, upload }, progress);
    expect(out).toMatchObject({ file: 'stored', reused: true });
    expect(info).toHaveBeenCalledWith('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(upload).not.toHaveBeenCalled();
    expect(progress).toHaveBeenLastCalledWith(100);
  });

  it('uploads when the hash is new', async () => {
    const upload = vi.fn(async (_f: File, _h: string, onProgress: (p: number) => void) => {
      onProgress(40);
      return 'new';
    });
    const progress = vi.fn();
    const out = await uploadOnce(file, { info: async () => null, upload }, progress);
    expect(out).toMatchObject({ file: 'new', reused: false });
    expect(progress.mock.calls.map((c) => c[0])).toEqual([0, 40]);
  });
});
