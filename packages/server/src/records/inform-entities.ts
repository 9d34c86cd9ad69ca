import sanitizeHtml from 'sanitize-html';
import {
  INFORM_BODY_MAX,
  inform2Data,
  informData,
  informFilter,
  informView,
  type InformEntity,
} from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { fail } from '../errors.js';
import { defineEntity } from '../lifecycle/entity.js';
import type { Accessor, Data, EntityConfig, Scope } from '../lifecycle/types.js';
import { suffix } from './checks.js';

// Notifications (inform) and announcements (inform2), menu /inform (issue 12 §1): aimed at areas and
// shops (the targets reach rule) and at roles. The body is rich text cut to a safe subset here, on
// the server, whatever the client sent (sanitize-html); attachments are files of this enterprise.

/** The HTML a body may keep: structure and emphasis, links to web and mail addresses only. */
const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export const sanitizeBody = (html: string) => sanitizeHtml(html, SAFE_HTML).trim();
const textOf = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();

/** Kinds of stored file an attachment may be (a file uploaded once is one row, whatever it was first uploaded as). */
export const ATTACHABLE_KINDS = ['attachment', 'material', 'poster'];

async function checkInform(q: Q, scope: Scope, data: Data): Promise<Data> {
  const body = sanitizeBody(String(data.body ?? ''));
  if (!textOf(body)) throw fail.invalid('body', 'inform.bodyEmpty');
  if (body.length > INFORM_BODY_MAX) throw fail.invalid('body', 'field.tooLong');
  const files = [...new Set((Array.isArray(data.attachments) ? data.attachments : []).map(Number))];
  if (files.length) {
    const found = await q.query(
      'select id from files where enterprise_id = $1 and id = any($2::int[]) and kind = any($3::text[])',
      [scope.enterpriseId, files, ATTACHABLE_KINDS],
    );
    if (found.length !== files.length) throw fail.invalid('attachments', 'inform.attachment');
  }
  const roles = [...new Set((data.roles as number[]) ?? [])].sort();
  return { ...data, body, attachments: files, roles };
}

/** A record's attachments (`attachments`: a jsonb array of file ids) as a jsonb array of id, name, type, size and mime. */
export const filesJsonSql = (
  attachments: string,
) => `(select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'type', f.type, 'size', f.size, 'mime', f.mime) order by f.id), '[]'::jsonb)
  from files f where f.enterprise_id = t.enterprise_id and f.id in (select (jsonb_array_elements_text(${attachments}))::int))`;

/** The read-only view: attachments with names and types, when sent, receipts and how many are done. */
function informViewSql(entity: InformEntity) {
  const doneCol = entity === 'inform' ? 'confirmed_at' : 'read_at';
  const receipts = `from inform_receipts r where r.enterprise_id = t.enterprise_id and r.entity = '${entity}' and r.record_id = t.id`;
  return {
    files: (acc: Accessor) => filesJsonSql(`${acc('attachments')}::jsonb`),
    sentAt: () => 'extract(epoch from t.sent_at)::int',
    recipients: () => `(select count(*)::int ${receipts})`,
    done: () => `(select count(*)::int ${receipts} and r.${doneCol} is not null)`,
  };
}

const common = (entity: InformEntity) => ({
  entity,
  table: entity === 'inform' ? 'informs' : 'informs2',
  menu: '/inform',
  label: entity === 'inform' ? ('entity.inform' as const) : ('entity.inform2' as const),
  reach: { kind: 'targets' as const, field: 'targets' },
  titleField: 'title' as const,
  // approved is not sent: it reaches nobody until a publisher sends it (like an ad plan's throw)
  approvalLaunches: false,
  page: '/inform',
  keyword: ['title' as const],
  eqFilters: { priority: 'priority' as const },
  view: informViewSql(entity),
  copyData: (d: Data) => ({ ...d, title: `${String(d.title).slice(0, 94)}-${suffix()}` }),
  validate: (q: Q, scope: Scope, data: Data) => checkInform(q, scope, data),
});

export const INFORM: EntityConfig = defineEntity(
  { data: informData, view: informView, filter: informFilter },
  common('inform'),
);
export const INFORM2: EntityConfig = defineEntity(
  { data: inform2Data, view: informView, filter: informFilter },
  common('inform2'),
);
export const INFORM_CONFIGS: Record<InformEntity, EntityConfig> = { inform: INFORM, inform2: INFORM2 };
