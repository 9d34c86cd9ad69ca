import { createHash } from 'node:crypto';
import type { Playlist } from '@vitrine/contract';
import type { Targets } from '../lifecycle/targets.js';
import { epochOf, localDayOf } from '../lib/local-time.js';

// What a screen plays (DESIGN §7), as one pure function: the device, the launched plans that may
// reach it, their contents and files, and the local day → segments for a 7-day window, the
// fallback, background music, the file manifest, when the answer changes by time alone, and an
// ETag over every input. No database, no clock of its own: the device API, the console's timeline
// and the property tests all call this.

export const WINDOW_DAYS = 7;
const DAY_S = 86_400;
/** A content without its own length (a product display or comparison) shows this long. */
export const PRODUCT_ITEM_MS = 15_000;
/** The longest interleaved sequence of one segment (its weights are scaled down past this). */
const MAX_SEQUENCE = 100;

export type ResolveDevice = {
  id: number;
  shopId: number;
  province: string;
  city: string;
  district: string;
  type: string;
  orientation: number;
  timezone: string;
};
export type PlanInput = {
  id: number;
  version: number;
  priority: number;
  isDefault: boolean;
  /** inclusive local days YYYY-MM-DD */
  dateFrom: string;
  dateTo: string;
  /** 0 Sunday … 6 Saturday */
  weekdays: number[];
  /** local HH:MM; [from, to); to ≤ from runs past midnight and belongs to the day it starts */
  dayparts: { from: string; to: string }[];
  contents: { contentId: number; weight: number }[];
  targets: Targets;
  deviceType: string;
  orientation: number;
  bgmContentId: number | null;
  /** 1: screens with a camera greet visitors with the AI pitches */
  aiPitches?: boolean;
};
/** An enabled AI pitch: its cell, words, audio (by hash) and scope (empty: the whole enterprise). */
export type PitchInput = {
  id: number;
  version: number;
  gender: number;
  ageBand: number;
  text: string;
  audio: string | null;
  scope: Targets;
};
export type ContentInput = {
  id: number;
  version: number;
  adType: string;
  deviceType: string;
  orientation: number;
  items: { sha256: string; durationMs: number }[];
  /** bgm contents: the tracks */
  tracks: { sha256: string; durationMs: number }[];
  /** product displays and comparisons: the panel (products with their picture's hash) */
  show?: Item['show'];
};
export type FileInput = { sha256: string; size: number; mime: string };
export type World = {
  plans: PlanInput[];
  contents: Map<number, ContentInput>;
  files: Map<string, FileInput>;
  pitches?: PitchInput[];
};

type Item = Playlist['segments'][number]['items'][number];

// ---------------------------------------------------------------- local days

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_S * 1000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// ---------------------------------------------------------------- who plays what

/** How specifically a plan aims at this device: 4 the device, 3 its shop, 2 district, 1 city, 0 province; -1 not at all. */
export function reachOf(t: Targets, d: ResolveDevice): number {
  if (t.d.includes(d.id)) return 4;
  if (t.s.includes(d.shopId)) return 3;
  if (t.a.includes(d.district)) return 2;
  if (t.c.includes(d.city)) return 1;
  if (t.p.includes(d.province)) return 0;
  return -1;
}

/** Why a plan does not play on a device at all (filters, not time), or null. */
export function mismatch(
  p: PlanInput,
  d: ResolveDevice,
  world: World,
): 'target' | 'deviceType' | 'orientation' | 'noContent' | null {
  if (reachOf(p.targets, d) < 0) return 'target';
  if (p.deviceType !== 'all' && p.deviceType !== d.type) return 'deviceType';
  if (p.orientation !== -1 && p.orientation !== d.orientation) return 'orientation';
  if (playable(p, d, world).length) return null;
  // no content fits: say which side of the screen it is (a portrait screen under landscape contents)
  const visual = p.contents
    .map((c) => world.contents.get(c.contentId))
    .filter((c): c is ContentInput => !!c && c.adType !== 'bgm');
  if (visual.some((c) => c.deviceType === d.type)) return 'orientation';
  return visual.length ? 'deviceType' : 'noContent';
}

/** The plan's contents that fit the screen (type and orientation), with their weights, in plan order. */
function playable(p: PlanInput, d: ResolveDevice, world: World): { content: ContentInput; weight: number }[] {
  return p.contents.flatMap(({ contentId, weight }) => {
    const c = world.contents.get(contentId);
    if (!c || c.adType === 'bgm' || c.deviceType !== d.type || c.orientation !== d.orientation) return [];
    return [{ content: c, weight: Math.max(1, weight) }];
  });
}

/** A content as playlist items: one per picture or video; a product display or comparison as one. */
function itemsOf(c: ContentInput): Item[] {
  if (c.adType === 'details' || c.adType === 'compare') {
    const ms = c.items.reduce((s, i) => s + i.durationMs, 0) || PRODUCT_ITEM_MS;
    return [
      {
        contentId: c.id,
        type: c.adType,
        durationMs: ms,
        files: c.items.map((i) => i.sha256),
        ...(c.show ? { show: c.show } : {}),
      },
    ];
  }
  return c.items.map((i) => ({ contentId: c.id, type: c.adType, durationMs: i.durationMs, files: [i.sha256] }));
}

/**
 * Equal-priority plans interleaved by weight in a fixed order (smooth weighted round robin over the
 * entries in plan-id then content order): every screen of the plans plays the same sequence.
 */
export function interleave(entries: { key: number; weight: number }[]): number[] {
  const total = entries.reduce((s, e) => s + e.weight, 0);
  const scale = total > MAX_SEQUENCE ? MAX_SEQUENCE / total : 1;
  const weights = entries.map((e) => Math.max(1, Math.round(e.weight * scale)));
  const sum = weights.reduce((s, w) => s + w, 0);
  const current = weights.map(() => 0);
  const out: number[] = [];
  for (let n = 0; n < sum; n++) {
    let best = 0;
    for (let i = 0; i < weights.length; i++) {
      current[i] += weights[i];
      if (current[i] > current[best]) best = i;
    }
    current[best] -= sum;
    out.push(entries[best].key);
  }
  return out;
}

function sequence(plans: PlanInput[], d: ResolveDevice, world: World): Item[] {
  const entries = [...plans]
    .sort((a, b) => a.id - b.id)
    .flatMap((p) => playable(p, d, world).map((e) => ({ key: e.content.id, weight: e.weight })));
  return interleave(entries).flatMap((id) => itemsOf(world.contents.get(id)!));
}

/** The [start, end) instants a plan runs on a device's local days in the window. */
export function intervalsOf(p: PlanInput, tz: string, firstDay: string, days: number): [number, number][] {
  const out: [number, number][] = [];
  for (let n = -1; n < days; n++) {
    const day = addDays(firstDay, n);
    if (day < p.dateFrom || day > p.dateTo || !p.weekdays.includes(weekdayOf(day))) continue;
    if (!p.dayparts.length) out.push([epochOf(tz, day, 0), epochOf(tz, addDays(day, 1), 0)]);
    for (const part of p.dayparts) {
      const from = minutesOf(part.from);
      const to = minutesOf(part.to);
      out.push([epochOf(tz, day, from), to > from ? epochOf(tz, day, to) : epochOf(tz, addDays(day, 1), to)]);
    }
  }
  return out;
}

// ---------------------------------------------------------------- the answer

/** An ETag over named inputs (stable JSON). */
export function etagOf(inputs: unknown): string {
  return `pl-${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 27)}`;
}

const scopeEmpty = (t: Targets) => t.p.length + t.c.length + t.a.length + t.s.length + t.d.length === 0;

/**
 * The pitches a screen uses: for each gender and age band, the enabled pitch that reaches the
 * screen most specifically (shop > district > city > province > the whole enterprise; then the
 * newest). None unless a plan that plays there has AI pitches on.
 */
export function pitchesFor(d: ResolveDevice, pitches: PitchInput[], on: boolean): Playlist['pitches'] {
  if (!on) return [];
  const best = new Map<string, { p: PitchInput; rank: number }>();
  for (const p of pitches) {
    const rank = scopeEmpty(p.scope) ? -0.5 : reachOf(p.scope, d);
    if (rank < -0.5) continue;
    const key = `${p.gender}:${p.ageBand}`;
    const cur = best.get(key);
    if (!cur || rank > cur.rank || (rank === cur.rank && p.id > cur.p.id)) best.set(key, { p, rank });
  }
  return [...best.values()]
    .map(({ p }) => p)
    .sort((a, b) => a.gender - b.gender || a.ageBand - b.ageBand)
    .map((p) => ({
      pitchId: p.id,
      gender: p.gender,
      ageBand: p.ageBand,
      text: p.text,
      files: p.audio ? [p.audio] : [],
    }));
}

/**
 * The playlist of a device for the 7 local days from today (the window starts at local midnight, so
 * the answer depends on the day, not the minute): at each moment the covering plans of the highest
 * priority play, equal priorities interleaved by weight; gaps take the fallback (the most specific
 * default plan); nothing at all is the splash (no segments, no fallback).
 */
export function resolve(d: ResolveDevice, world: World, now: Date, fileUrl: (sha256: string) => string): Playlist {
  const today = localDayOf(d.timezone, now.getTime());
  const start = epochOf(d.timezone, today, 0);
  const end = epochOf(d.timezone, addDays(today, WINDOW_DAYS), 0);
  const fits = world.plans.filter((p) => mismatch(p, d, world) === null).sort((a, b) => a.id - b.id);
  const regular = fits.filter((p) => !p.isDefault);

  // sweep over the instants where some plan starts or stops
  const marks: { t: number; plan: PlanInput; delta: 1 | -1 }[] = [];
  for (const p of regular) {
    for (const [a, b] of intervalsOf(p, d.timezone, today, WINDOW_DAYS)) {
      const from = Math.max(a, start);
      const to = Math.min(b, end);
      if (from < to) marks.push({ t: from, plan: p, delta: 1 }, { t: to, plan: p, delta: -1 });
    }
  }
  marks.sort((x, y) => x.t - y.t);
  const active = new Map<PlanInput, number>();
  const segments: Playlist['segments'] = [];
  const segmentKeys: string[] = [];
  const items = new Map<string, Item[]>();
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i];
    active.set(m.plan, (active.get(m.plan) ?? 0) + m.delta);
    if (active.get(m.plan) === 0) active.delete(m.plan);
    const next = marks[i + 1]?.t;
    if (next === undefined || next === m.t || !active.size) continue;
    const top = Math.max(...[...active.keys()].map((p) => p.priority));
    const chosen = [...active.keys()].filter((p) => p.priority === top).sort((a, b) => a.id - b.id);
    const key = chosen.map((p) => p.id).join(',');
    let list = items.get(key);
    if (!list) items.set(key, (list = sequence(chosen, d, world)));
    const last = segments.length - 1;
    if (last >= 0 && segments[last].to === m.t && segmentKeys[last] === key) segments[last].to = next;
    else {
      segments.push({ from: m.t, to: next, planId: chosen[0].id, items: list });
      segmentKeys.push(key);
    }
  }

  const fallbackPlan = fits
    .filter((p) => p.isDefault && p.dateFrom <= today && today <= p.dateTo)
    .sort((a, b) => reachOf(b.targets, d) - reachOf(a.targets, d) || b.priority - a.priority || b.id - a.id)[0];
  const fallback = fallbackPlan ? { planId: fallbackPlan.id, items: sequence([fallbackPlan], d, world) } : null;

  const bgmIds = [
    ...new Set(
      [...regular, ...(fallbackPlan ? [fallbackPlan] : [])]
        .map((p) => p.bgmContentId)
        .filter((x): x is number => x !== null),
    ),
  ];
  const bgm: Item[] = bgmIds.flatMap((id) => {
    const c = world.contents.get(id);
    return c
      ? c.tracks.map((t) => ({ contentId: c.id, type: 'bgm', durationMs: t.durationMs, files: [t.sha256] }))
      : [];
  });

  const pitches = pitchesFor(
    d,
    world.pitches ?? [],
    [...regular, ...(fallbackPlan ? [fallbackPlan] : [])].some((p) => p.aiPitches),
  );
  const shas = [
    ...new Set([
      ...[...segments.flatMap((s) => s.items), ...(fallback?.items ?? []), ...bgm].flatMap((i) => [
        ...i.files,
        ...(i.show?.products ?? []).flatMap((p) => (p.image ? [p.image] : [])),
      ]),
      ...pitches.flatMap((p) => p.files),
    ]),
  ].sort();
  const files = shas.flatMap((sha) => {
    const f = world.files.get(sha);
    return f ? [{ sha256: sha, size: f.size, mime: f.mime, url: fileUrl(sha) }] : [];
  });
  const usedContents = [...new Set([...fits.flatMap((p) => p.contents.map((c) => c.contentId)), ...bgmIds])].sort(
    (a, b) => a - b,
  );
  const etag = etagOf({
    v: 2,
    device: d,
    today,
    plans: fits,
    contents: usedContents.map((id) => world.contents.get(id) ?? null),
    files,
    pitches,
  });
  return {
    etag,
    generatedAt: Math.floor(now.getTime() / 1000),
    timezone: d.timezone,
    segments,
    fallback,
    bgm,
    pitches,
    files,
    nextChangeAt: epochOf(d.timezone, addDays(today, 1), 0),
  };
}
