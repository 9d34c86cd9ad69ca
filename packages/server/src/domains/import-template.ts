import type { FastifyInstance } from 'fastify';
import { message, type CallDef, type Lang, type MessageKey } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { contextFor } from '../plugins/register.js';
import { templateHeader, writeSheet, type Column } from '../lib/sheet.js';

/**
 * GET <area>/import-template of a spreadsheet import: an XLSX whose first sheet holds the headers
 * (the request's language first, the other in brackets) and an example row, the second a note.
 */
export function templateRoute(
  app: FastifyInstance,
  deps: Deps,
  def: CallDef,
  t: {
    tag: string;
    file: string;
    sheet: Record<Lang, string>;
    columns: readonly Column[];
    example: (string | number)[];
    note: MessageKey;
  },
) {
  app.get(`/${def.path}`, { schema: { summary: def.summary, tags: [t.tag] } }, async (req, reply) => {
    await contextFor(deps, def, req);
    const lang = req.lang;
    const notes = { name: lang === 'en' ? 'Notes' : '说明', lines: [message(t.note, lang)] };
    const bytes = await writeSheet(t.sheet[lang], [templateHeader(t.columns, lang), t.example], notes);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${t.file}"`)
      .send(bytes);
  });
}
