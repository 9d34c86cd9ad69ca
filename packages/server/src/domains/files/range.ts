import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ByteRange = { start: number; end: number };

/**
 * One `Range: bytes=…` against a size (RFC 9110 §14): the inclusive range, null to send the whole
 * content (no header, a unit we do not serve, several ranges), or 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Send stored bytes, whole (200) or the requested range (206; 416 when it cannot be met). */
export async function sendBytes(
  req: FastifyRequest,
  reply: FastifyReply,
  file: { size: number; mime: string; open: (range?: ByteRange) => Promise<Readable> },
) {
  const header = req.headers.range;
  const range = parseRange(Array.isArray(header) ? header[0] : header, file.size);
  reply.header('accept-ranges', 'bytes').header('content-type', file.mime).header('x-content-type-options', 'nosniff');
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send('');
  }
  if (!range) return reply.header('content-length', file.size).send(await file.open());
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await file.open(range));
}
