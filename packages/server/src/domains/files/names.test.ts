import { describe, expect, it } from 'vitest';
import { contentDisposition, safeName } from './names.js';

describe('file names', () => {
  it('keeps only a clean last segment', () => {
    expect(safeName('../../etc/passwd.png')).toBe('passwd.png');
    expect(safeName('C:\\Users\\x\\..\\evil".png')).toBe('evil.png');
    expect(safeName('..hidden\u0000\r\n.png')).toBe('hidden.png');
    expect(safeName('')).toBe('file');
    expect(safeName('a'.repeat(300))).toHaveLength(100);
  });
  it('inline only for images and videos; RFC 5987 name', () => {
    expect(contentDisposition('报告;1.pdf', 'application/pdf')).toBe(
      `attachment; filename="___1.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%3B1.pdf`,
    );
    expect(contentDisposition("a'(b).png", 'image/png')).toBe(
      `inline; filename="a'(b).png"; filename*=UTF-8''a%27%28b%29.png`,
    );
  });
});
