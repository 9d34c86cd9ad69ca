import ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type MessageKey } from '@vitrine/contract';
import { fail } from '../errors.js';
import { checkSheets, unpackGuarded } from './xlsx-guard.js';

// Spreadsheets in and out: an XLSX (by its zip signature) or UTF-8 CSV (a BOM is dropped) read as
// rows of strings; a workbook written from rows. The CSV reader follows RFC 4180: quoted fields,
// doubled quotes, commas and line breaks inside quotes. Columns are found by their header in
// either language.

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** A column of an import: its key and its header in each language. */
export type Column<K extends string = string> = { key: K; zh: string; en: string; alias?: string[] };
const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s()（）]/g, '');

/** For each column of the header row, the key of the column it names (either language, both, or an alias). */
export function headerKeys<K extends string>(columns: readonly Column<K>[], header: string[]): (K | undefined)[] {
  const names = new Map(
    columns.flatMap((c) =>
      [c.zh, c.en, `${c.zh} (${c.en})`, `${c.en} (${c.zh})`, ...(c.alias ?? [])].map((h) => [norm(h), c.key] as const),
    ),
  );
  return header.map((h) => names.get(norm(h)));
}

/** The headers of a template: the request's language first, the other in brackets. */
export const templateHeader = (columns: readonly Column[], lang: 'zh' | 'en') =>
  columns.map((c) => (lang === 'en' ? `${c.en} (${c.zh})` : `${c.zh} (${c.en})`));

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * One XLSX cell as text: a date cell as YYYY-MM-DD HH:mm:ss (exceljs reads a spreadsheet's dates,
 * which carry no time zone, as that wall-clock time in UTC), a formula as its result, rich text joined.
 */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    return Number.isNaN(v.getTime())
      ? ''
      : `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
  }
  if (typeof v !== 'object') return String(v);
  if ('result' in v) return cellText(v.result);
  if ('richText' in v && Array.isArray(v.richText))
    return v.richText.map((r: { text?: unknown }) => String(r.text ?? '')).join('');
  if ('text' in v) return String(v.text);
  return '';
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The first sheet's rows as strings, or null when the bytes are neither XLSX nor text. A workbook's
 * parts are unpacked within their caps and its rows counted first (lib/xlsx-guard.ts): 40013 for a
 * bomb, 40001 `import.tooMany` past `maxRows`, before exceljs builds a row.
 */
export async function readSheet(bytes: Buffer, maxRows = IMPORT_MAX_ROWS + 1): Promise<string[][] | null> {
  if (isZip(bytes)) {
    const parts = unpackGuarded(bytes);
    if (!parts) return null;
    checkSheets(parts, maxRows);
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      return null;
    }
    const ws = wb.worksheets[0];
    if (!ws) return [];
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (r) => {
      const values = Array.from((r.values as unknown[]).slice(1), cellText);
      if (values.some((c) => c.trim() !== '')) rows.push(values);
    });
    return rows;
  }
  const text = bytes.toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) return null;
  return parseCsv(text);
}

/**
 * The rows of an import's file (base64): each row's cells by column key, with its line in the file.
 * Refused whole: a file too large, neither XLSX nor text, without the required headers (noHeader),
 * or of too many rows.
 */
export async function readImport<K extends string>(
  file: string,
  columns: readonly Column<K>[],
  required: K[],
  noHeader: MessageKey,
): Promise<{ line: number; cells: Record<K, string> }[]> {
  const bytes = Buffer.from(file, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw fail.tooLarge('import.tooLarge');
  const table = await readSheet(bytes);
  if (!table) throw fail.invalid('file', 'import.format');
  const [header, ...body] = table;
  const keys = headerKeys(columns, header ?? []);
  if (required.some((k) => !keys.includes(k))) throw fail.invalid('file', noHeader);
  if (body.length > IMPORT_MAX_ROWS) throw fail.invalid('file', 'import.tooMany');
  return body.map((cells, i) => ({
    line: i + 2,
    cells: Object.fromEntries(columns.map((c) => [c.key, String(cells[keys.indexOf(c.key)] ?? '').trim()])) as Record<
      K,
      string
    >,
  }));
}

type Judged = { action: string; errors: { field: string; message: string }[] };
/** Rows sharing a non-empty key are all errors (which of them was meant is not for the server to guess). */
export function markRepeated<R extends Judged>(
  rows: R[],
  key: (r: R) => string,
  error: { field: string; message: string },
) {
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(key(r), (seen.get(key(r)) ?? 0) + 1);
  for (const r of rows) {
    if (!key(r) || (seen.get(key(r)) ?? 0) < 2) continue;
    r.action = 'error';
    r.errors.push(error);
  }
}

/** A workbook of one sheet of rows (the first in bold), and optionally a second sheet of notes. */
export async function writeSheet(
  name: string,
  rows: (string | number)[][],
  notes?: { name: string; lines: string[] },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 22;
  });
  if (notes) {
    const ns = wb.addWorksheet(notes.name);
    for (const l of notes.lines) ns.addRow([l]);
    ns.getColumn(1).width = 100;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
