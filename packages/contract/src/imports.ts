import { z } from 'zod';
import { defineCall } from './call.js';
import { text } from './fields.js';

// Importing products from a spreadsheet (issue 9 §2): a preview with per-row errors, then a commit of
// the rows without errors; re-importing the same file changes nothing.

/** Largest file (bytes) and rows of one import; the file travels base64-encoded in a form field. */
export const IMPORT_MAX_BYTES = 512 * 1024;
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_ACTIONS = ['create', 'update', 'same', 'error'] as const;

const n = z.number();
export const importResult = z.object({
  rows: z.array(z.object({
    line: n, code: z.string(), name: z.string(), action: z.enum(IMPORT_ACTIONS),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  })),
  counts: z.object({ create: n, update: n, same: n, error: n }),
  /** commit: the rows written (created and updated) */
  written: n,
});

export const importsApi = {
  commodityImport: defineCall({
    path: 'commodity/import', auth: 'tenant', perm: { menu: '/advert', bit: 'create' }, log: { entity: 'commodity', verb: 'create' },
    summary: 'Products from a CSV or XLSX file (base64, ≤ 512 KB, ≤ 2,000 rows): mode preview answers each row\'s action and errors; commit writes the rows without errors as drafts (new codes) or new draft versions (changed ones), in one transaction',
    body: z.object({
      name: text(200),
      file: z.string({ error: 'field.required' }).min(1, 'field.required').max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, 'import.tooLarge'),
      mode: z.enum(['preview', 'commit'], { error: 'field.invalid' }).default('preview'),
    }),
    result: importResult,
  }),
  commodityTemplate: defineCall({
    path: 'commodity/import-template', method: 'GET', auth: 'tenant', perm: { menu: '/advert', bit: 'view' },
    summary: 'The XLSX template of the products import (headers in the request\'s language and the other, an example row)',
    body: z.object({}), result: z.unknown(),
  }),
};
