/**
 * The client's file name, kept only as a label: the last path segment, without control characters,
 * quotes or backslashes, at most 100 characters. It never names anything on disk.
 */
export function safeName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = last
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 100);
  return clean || 'file';
}

const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A safe Content-Disposition: inline only for images and videos, attachment for anything else;
 * an ASCII fallback name plus the UTF-8 name (RFC 5987/6266).
 */
export function contentDisposition(name: string, mime: string): string {
  const disposition = /^(image|video)\//.test(mime) ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}
