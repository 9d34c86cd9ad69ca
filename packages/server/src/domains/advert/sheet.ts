import ExcelJS from 'exceljs';

// Spreadsheets in and out: an XLSX (by its zip signature) or UTF-8 CSV (a BOM is dropped) read as
// rows of strings; a workbook written from rows. The CSV reader follows RFC 4180: quoted fields,
// doubled quotes, commas and line breaks inside quotes.

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The first sheet's rows as strings, or null when the bytes are neither XLSX nor text. */
export async function readSheet(bytes: Buffer): Promise<string[][] | null> {
  if (isZip(bytes)) {
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
      const values = (r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : typeof v === 'object' && v && 'text' in v ? String((v as { text: unknown }).text) : String(v)));
      if (values.some((c) => c.trim() !== '')) rows.push(values);
    });
    return rows;
  }
  const text = bytes.toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) return null;
  return parseCsv(text);
}

export async function writeSheet(name: string, rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => { c.width = 22; });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
