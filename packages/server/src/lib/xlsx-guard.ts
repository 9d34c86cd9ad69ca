import { inflateRawSync } from 'node:zlib';
import { IMPORT_MAX_PART_BYTES, IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES } from '@vitrine/contract';
import { fail } from '../errors.js';

// Before a workbook reaches exceljs (which inflates every part into memory and builds an object per
// row and cell), its zip is read here (issue 24 §1: a 495 KB workbook holding a 480 MB shared string
// took the server from 0.5 to 3.9 GB). Each part's declared size is checked against the caps, then
// the part is inflated with its declared size as the output limit, so a part that lies about its size
// is refused too; the sheets' rows and cells are counted, stopping at the limit, before any is built.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** More parts than any workbook of 2,000 rows needs. */
const MAX_PARTS = 500;
/** Row and cell elements of all sheets: blank formatted rows count, so the row cap has room. */
const MAX_ROW_ELEMENTS = (IMPORT_MAX_ROWS + 1) * 10;
const MAX_CELLS = (IMPORT_MAX_ROWS + 1) * 64;

export type Part = { name: string; size: number; data: Buffer };

const bomb = () => fail.tooLarge('import.unpacked');

function endOfCentralDirectory(b: Buffer): number {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) if (b.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/**
 * The zip's parts, each inflated within its declared size; null when the bytes are not a zip we read
 * (the caller answers "not an XLSX"); 40013 `import.unpacked` past the caps or on a lying size.
 */
export function unpackGuarded(b: Buffer): Part[] | null {
  const end = endOfCentralDirectory(b);
  if (end < 0) return null;
  const count = b.readUInt16LE(end + 10);
  let at = b.readUInt32LE(end + 16);
  // zip64 markers: no import of 512 KB needs them
  if (count === 0xffff || at === 0xffffffff) return null;
  if (count > MAX_PARTS) throw bomb();
  const parts: Part[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== CENTRAL) return null;
    const flags = b.readUInt16LE(at + 8);
    const method = b.readUInt16LE(at + 10);
    const packed = b.readUInt32LE(at + 20);
    const size = b.readUInt32LE(at + 24);
    const nameLen = b.readUInt16LE(at + 28);
    const next = at + 46 + nameLen + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    const local = b.readUInt32LE(at + 42);
    const name = b.toString('utf8', at + 46, at + 46 + nameLen);
    at = next;
    if (flags & 1 || (method !== 0 && method !== 8)) return null; // encrypted, or a method exceljs does not read
    total += size;
    if (size > IMPORT_MAX_PART_BYTES || total > IMPORT_MAX_UNPACKED_BYTES) throw bomb();
    if (local + 30 > b.length || b.readUInt32LE(local) !== LOCAL) return null;
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (start + packed > b.length) return null;
    const raw = b.subarray(start, start + packed);
    let data: Buffer;
    if (method === 0) data = raw;
    else {
      try {
        // the declared size is the most the part may inflate to: past it zlib stops with a RangeError
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, size) });
      } catch (err) {
        if (err instanceof RangeError) throw bomb();
        return null;
      }
    }
    if (data.length !== size) throw bomb();
    parts.push({ name, size, data });
  }
  return parts;
}

/** How often `needle` occurs in `s`, counting no further than `limit` + 1. */
function countUpTo(s: string, needle: RegExp, limit: number): number {
  let n = 0;
  needle.lastIndex = 0;
  while (needle.exec(s) && ++n <= limit);
  return n;
}

/**
 * The sheets' rows and cells counted before exceljs builds them, stopping at the cap: 40001
 * `import.tooMany` when the rows that hold a value (or all row elements, or cells) are past it.
 */
export function checkSheets(parts: Part[], maxRows = IMPORT_MAX_ROWS + 1): void {
  for (const p of parts) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(p.name)) continue;
    const xml = p.data.toString('utf8');
    const tooMany =
      countUpTo(xml, /<row[\s>/]/g, MAX_ROW_ELEMENTS) > MAX_ROW_ELEMENTS ||
      countUpTo(xml, /<c[\s>/]/g, MAX_CELLS) > MAX_CELLS ||
      countUpTo(xml, /<row[\s>][^>]*>(?:(?!<\/row>)[\s\S])*?<(?:v|is)[\s>]/g, maxRows) > maxRows;
    if (tooMany) throw fail.invalid('file', 'import.tooMany');
  }
}
