import { z } from 'zod';
import { defineCall } from './call.js';
import { text } from './fields.js';

// Importing products (issue 9 §2) and sales lines (issue 11 §2) from a spreadsheet: a preview with
// per-row errors, then a commit of the rows without errors; re-importing the same file changes nothing.

/** Largest file (bytes) and rows of one import; the file travels base64-encoded in a form field. */
export const IMPORT_MAX_BYTES = 512 * 1024;
export const IMPORT_MAX_ROWS = 2000;
/**
 * An XLSX is a zip: the most one part (the sheet, its shared strings) and all parts together may hold
 * once unpacked. A 495 KB workbook can declare a 480 MB string (issue 24 §1).
 */
export const IMPORT_MAX_PART_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
export const IMPORT_ACTIONS = ['create', 'update', 'same', 'error'] as const;

const n = z.number();
const errors = z.array(z.object({ field: z.string(), message: z.string() }));
/** The file (base64 in a form field) and whether to preview or write it. */
const importBody = z.object({
  name: text(200),
  file: z
    .string({ error: 'field.required' })
    .min(1, 'field.required')
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, 'import.tooLarge'),
  mode: z.enum(['preview', 'commit'], { error: 'field.invalid' }).default('preview'),
});
export const importResult = z.object({
  rows: z.array(
    z.object({
      line: n,
      code: z.string(),
      name: z.string(),
      action: z.enum(IMPORT_ACTIONS),
      errors,
    }),
  ),
  counts: z.object({ create: n, update: n, same: n, error: n }),
  /** commit: the rows written (created and updated) */
  written: n,
});

/** A sales line is never changed: a known line id is "same" whatever the row says. */
export const SALE_IMPORT_ACTIONS = ['create', 'same', 'error'] as const;
export const saleImportResult = z.object({
  /** each row's cells as the file has them (amount in yuan), its action and errors */
  rows: z.array(
    z.object({
      line: n,
      lineId: z.string(),
      time: z.string(),
      shopCode: z.string(),
      productCode: z.string(),
      employeeCode: z.string(),
      quantity: z.string(),
      amount: z.string(),
      action: z.enum(SALE_IMPORT_ACTIONS),
      errors,
    }),
  ),
  counts: z.object({ create: n, same: n, error: n }),
  /** commit: the lines stored */
  written: n,
});

export const importsApi = {
  commodityImport: defineCall({
    path: 'commodity/import',
    auth: 'tenant',
    perm: { menu: '/advert', bit: 'create' },
    log: { entity: 'commodity', verb: 'create' },
    summary:
      "Products from a CSV or XLSX file (base64, ≤ 512 KB, ≤ 2,000 rows): mode preview answers each row's " +
      'action and errors; commit writes the rows without errors as drafts (new codes) or new draft ' +
      'versions (changed ones), in one transaction',
    body: importBody,
    result: importResult,
  }),
  commodityTemplate: defineCall({
    path: 'commodity/import-template',
    method: 'GET',
    auth: 'tenant',
    perm: { menu: '/advert', bit: 'view' },
    summary:
      "The XLSX template of the products import (headers in the request's language and the other, an example row)",
    body: z.object({}),
    result: z.unknown(),
  }),
  saleImport: defineCall({
    path: 'sale/import',
    auth: 'tenant',
    perm: { menu: '/data/count', bit: 'create' },
    log: { entity: 'sale', verb: 'create' },
    summary:
      'Sales lines from a CSV or XLSX file (base64, ≤ 512 KB, ≤ 2,000 rows; time as YYYY-MM-DD HH:mm[:ss] ' +
      "in the enterprise's time zone or unix seconds, amount in yuan): mode preview answers each row's " +
      'action (create, same = the line id is stored already, error) and errors; commit stores the rows ' +
      "without errors through sale/report's checks, once per line id",
    body: importBody,
    result: saleImportResult,
  }),
  saleTemplate: defineCall({
    path: 'sale/import-template',
    method: 'GET',
    auth: 'tenant',
    perm: { menu: '/data/count', bit: 'view' },
    summary: "The XLSX template of the sales import (headers in the request's language and the other, an example row)",
    body: z.object({}),
    result: z.unknown(),
  }),
};
