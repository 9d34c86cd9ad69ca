import { z } from 'zod';
import { defineCall } from './call.js';
import { int, json, text } from './fields.js';
import { filter, listOf } from './list.js';

// One search over the caller's records (issue 11 §6): the header's box (search/search, search/search1)
// and the filter sidebar's fallback list (search/list). Each kind is a lifecycle entity; the server
// answers only the kinds whose menu the caller may view, cut to their data range, enabled versions.

/** What the header's box searches, in the order its groups show; a new kind is one entry here. */
export const SEARCH_KINDS = [
  'shop',
  'device',
  'employee',
  'ad-content',
  'ad-plan',
  'commodity',
  'inform',
  'inform2',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Every entity whose enabled list the filter sidebar can fall back to (search/list). */
export const LIST_KINDS = [...SEARCH_KINDS, 'et', 'member', 'ai-pitch'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const SEARCH_LIMIT = 5;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_KEYWORD_MAX = 50;
export const SEARCH1_SIZE = 10;

const kind = z.enum(SEARCH_KINDS, { error: 'search.kind' });
/** `kinds`: a JSON array in a form body (API.md), a comma-separated list, or an array in a JSON body. */
const kinds = z
  .preprocess(
    (v) =>
      typeof v === 'string' && !v.trim().startsWith('[')
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    json(z.array(kind).max(SEARCH_KINDS.length, 'field.tooLong')),
  )
  .optional();

const keyword = text(SEARCH_KEYWORD_MAX);

export const searchHit = z.object({
  id: z.number(),
  title: z.string(),
  /** The record's other searched fields (code, address, phone — masked as on its list). */
  subtitle: z.string(),
  /** 301 offline, 302 online: every hit is an enabled record. */
  status: z.number(),
  /** The console route that opens the record: its page, entity, the enabled tab and `record=<id>`. */
  page: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({ kind: z.enum(SEARCH_KINDS), total: z.number(), items: z.array(searchHit) });
export type SearchGroup = z.infer<typeof searchGroup>;

/** The keyword is not echoed: an answer holds only what the caller's records say. */
const groups = z.object({ groups: z.array(searchGroup) });

/** search/list: the filter object over one kind (strict as every list body; the kind's own list filters pass to it). */
const listBody = filter.extend({ kind: z.enum(LIST_KINDS, { error: 'search.kind' }) }).catchall(z.unknown());

export const searchApi = {
  search: {
    list: defineCall({
      path: 'search/list',
      auth: 'tenant',
      summary:
        'Generic list search of the filter sidebar: the enabled records of one kind with the filter object ' +
        "(that kind's enable-list filter; needs its menu's view bit)",
      body: listBody,
      result: listOf(z.record(z.string(), z.unknown())),
    }),
    search: defineCall({
      path: 'search/search',
      auth: 'tenant',
      summary:
        "One search across the caller's shops, devices, staff, contents, plans and products: per kind its " +
        'total and first hits (kinds without the view bit are absent)',
      body: z.strictObject({
        keyword,
        kinds,
        limit: int.min(1, 'field.invalid').max(SEARCH_LIMIT_MAX, 'field.invalid').default(SEARCH_LIMIT),
      }),
      result: groups,
    }),
    search1: defineCall({
      path: 'search/search1',
      auth: 'tenant',
      encoding: 'json',
      summary:
        'The same search with a JSON body; `from` and `size` in the query string page every kind asked for (one kind: its next hits)',
      body: z.strictObject({ keyword, kinds }),
      query: z.object({
        from: int.min(0, 'field.invalid').default(0),
        size: int
          .min(1, 'field.invalid')
          .max(SEARCH_LIMIT_MAX * 5, 'field.invalid')
          .default(SEARCH1_SIZE),
      }),
      result: groups.extend({ from: z.number(), size: z.number() }),
    }),
  },
};
