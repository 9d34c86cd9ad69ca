import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api, message, type Lang, type MessageKey } from '@vitrine/contract';
import { statementTimeouts, withStatementTimeout } from '../../db/limits.js';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { contextFor, parseInput, rejectBadBody } from '../../plugins/register.js';
import { statsDays } from '../stats/days.js';
import { checkPeriod, visitCountsSql } from '../stats/period.js';
import { shopScopeSql } from '../stats/scope.js';
import { playCountsSql } from '../../stats/streams.js';

// stats/export (GET): the filter's figures as CSV, each line written by the database (csv_cell,
// migration 0210) and streamed by COPY on PostgreSQL or from a cursor on PGlite (flat memory for a
// million lines), UTF-8 with a BOM so spreadsheets read Chinese, headers in the
// request's language, and every cell a spreadsheet would run as a formula (= + - @, tab, CR) made
// text with a leading apostrophe.

const def = api.stats.export;
const FETCH = 1000;

/** One CSV cell: formulas neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvRow = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

type Kind = (typeof def.body)['_zod']['output']['kind'];
/** An export: its header keys, and a query whose one column `line` is a CSV line (cells by csv_cell, migration 0210). */
type Query = { columns: MessageKey[]; sql: string; params: unknown[] };

/**
 * One CSV line per row of `from` (its FROM … ORDER BY): the cells are computed in a subquery kept
 * apart (offset 0), so csv_cell gets plain columns and the planner inlines it.
 */
const lines = (
  cells: string[],
  from: string,
) => `select concat_ws(',', ${cells.map((_, i) => `csv_cell(x.c${i})`).join(', ')}) || E'\\r\\n' as line
  from (select ${cells.map((c, i) => `(${c})::text as c${i}`).join(', ')} ${from} offset 0) x`;

function queryOf(kind: Kind, ctx: TenantCtx, f: { from: string; to: string; shopRange?: unknown }): Query {
  const p = new Params([ctx.enterprise.id, f.from, f.to]);
  const shops = shopScopeSql('$1', ctx.range, f.shopRange as never, p.add);
  if (kind === 'sales') {
    return {
      columns: [
        'export.col.time',
        'export.col.line',
        'export.col.shopCode',
        'export.col.shop',
        'export.col.productCode',
        'export.col.product',
        'export.col.employee',
        'export.col.quantity',
        'export.col.amount',
      ],
      sql: lines(
        [
          `to_char(l.sold_at at time zone e.time_zone, 'YYYY-MM-DD HH24:MI:SS')`,
          'l.line_id',
          's.code',
          's.name',
          'c.code',
          'c.name',
          `coalesce(m.name, '')`,
          'l.quantity',
          `to_char(l.amount / 100.0, 'FM999999999999990.00')`,
        ],
        `from sale_lines l join enterprises e on e.id = l.enterprise_id join shops s on s.enterprise_id = l.enterprise_id and s.id = l.shop_id
              join commodities c on c.enterprise_id = l.enterprise_id and c.id = l.commodity_id
              left join employees m on m.enterprise_id = l.enterprise_id and m.id = l.employee_id
             where l.enterprise_id = $1 and l.local_day between $2::date and $3::date and l.shop_id in (${shops}) order by l.sold_at, l.id`,
      ),
      params: p.values,
    };
  }
  if (kind === 'visits') {
    return {
      columns: ['export.col.day', 'export.col.shopCode', 'export.col.shop', 'export.col.visits'],
      sql: lines(
        [`to_char(v.local_day, 'YYYY-MM-DD')`, 's.code', 's.name', 'sum(v.visits)'],
        `from (${visitCountsSql('$2', '$3')}) v join shops s on s.enterprise_id = $1 and s.id = v.shop_id
          where v.shop_id in (${shops}) group by v.local_day, s.code, s.name order by v.local_day, s.code`,
      ),
      params: p.values,
    };
  }
  return {
    columns: [
      'export.col.day',
      'export.col.shopCode',
      'export.col.shop',
      'export.col.content',
      'export.col.plays',
      'export.col.seconds',
    ],
    sql: lines(
      [
        `to_char(e.local_day, 'YYYY-MM-DD')`,
        's.code',
        's.name',
        'c.name',
        'sum(e.plays)',
        'round(sum(e.duration_ms) / 1000.0)::int',
      ],
      `from (${playCountsSql('$2', '$3')}) e join shops s on s.enterprise_id = $1 and s.id = e.shop_id
          join ad_contents c on c.enterprise_id = $1 and c.id = e.content_id
        where e.shop_id in (${shops}) group by e.local_day, s.code, s.name, c.name order by e.local_day, s.code, c.name`,
    ),
    params: p.values,
  };
}

/**
 * The CSV: a BOM and the headers in the caller's language, then the lines the database wrote. On
 * PostgreSQL they stream by COPY as bytes (no object per line: flat memory); on PGlite from a cursor
 * a thousand at a time. Either way the reader's pace holds the producer (backpressure).
 */
async function stream(deps: Deps, ctx: TenantCtx, q: Query, lang: Lang, out: PassThrough) {
  const write = (s: string | Buffer) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(`\uFEFF${csvRow(q.columns.map((k) => message(k, lang)))}`);
  const scope = { userId: ctx.user.id, enterpriseId: ctx.enterprise.id };
  if (deps.db.copyColumn) {
    const lines = await deps.db.copyColumn(scope, q.sql, q.params);
    out.once('close', () => lines.destroy());
    for await (const chunk of lines) await write(chunk as Buffer);
    return;
  }
  await tenantTx(deps.db, ctx, async (t) => {
    await t.query(`declare vitrine_export no scroll cursor for ${q.sql}`, q.params);
    for (;;) {
      const rows = await t.query<{ line: string }>(`fetch ${FETCH} from vitrine_export`);
      if (rows.length) await write(rows.map((r) => r.line).join(''));
      if (rows.length < FETCH || out.destroyed) break;
    }
    await t.query('close vitrine_export');
  });
}

export function exportRoute(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Record<string, unknown> }>(
    `/${def.path}`,
    { schema: { summary: def.summary, tags: ['stats'] } },
    async (req, reply) => {
      const ctx = (await contextFor(deps, def, req)) as TenantCtx;
      rejectBadBody(req.query ?? {});
      const f = await statsDays(deps, ctx, parseInput(def.body, req.query ?? {}));
      checkPeriod(f); // a century of lines is not an export: the statistics' cap (issue 24 §1)
      const q = queryOf(f.kind, ctx, f);
      const out = new PassThrough({ highWaterMark: 1 << 20 });
      // the COPY lasts as long as the download: the export's own limit, not the console's
      withStatementTimeout(statementTimeouts(deps.config.statementTimeouts).export, () =>
        stream(deps, ctx, q, req.lang, out),
      ).then(
        () => out.end(),
        (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vitrine-${f.kind}-${f.from}-${f.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
}
