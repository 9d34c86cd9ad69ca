import { describe, expect, it } from 'vitest';
import { api } from '@vitrine/contract';
import zh from '../../locales/zh-CN/oplog.json';
import en from '../../locales/en-US/oplog.json';

// Every kind of record the operation log names (each call's `log.entity` in the contract) reads as
// a word in both languages, not as its key ("ad-plan『春季计划』" was shown for 广告计划).
function loggedEntities(node: unknown, out = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return out;
  const log = (node as { path?: unknown; log?: { entity?: unknown } }).log;
  if (typeof (node as { path?: unknown }).path === 'string') {
    if (log && typeof log.entity === 'string') out.add(log.entity);
    return out;
  }
  for (const v of Object.values(node)) loggedEntities(v, out);
  return out;
}

describe('the operation log', () => {
  const entities = [...loggedEntities(api)].sort();
  it('finds the logged kinds in the contract', () => {
    expect(entities).toContain('ad-plan');
  });
  it.each([
    ['zh-CN', zh],
    ['en-US', en],
  ] as const)('names every logged kind in %s', (_lang, words) => {
    expect(entities.filter((e) => !(e in words.entity))).toEqual([]);
  });
});
