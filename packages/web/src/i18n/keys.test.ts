import { describe, expect, it } from 'vitest';

// Both languages hold the same keys (issue 28 §4): a key written in one language only shows as a raw
// key in the other. Plural forms differ by language (English has _one and _other, Chinese _other
// only), so they count as their base key.
const FILES = import.meta.glob<{ default: unknown }>('../locales/*/*.json', { eager: true });
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL, '')];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function namespaces(lng: string): Map<string, Set<string>> {
  const prefix = `../locales/${lng}/`;
  return new Map(
    Object.entries(FILES)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, mod]) => [path.slice(prefix.length), new Set(keysOf(mod.default))]),
  );
}

describe('the two languages', () => {
  const zh = namespaces('zh-CN');
  const en = namespaces('en-US');
  it('have the same namespaces', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });
  it.each([...zh.keys()])('%s holds the same keys in both', (ns) => {
    const a = zh.get(ns)!;
    const b = en.get(ns) ?? new Set<string>();
    expect({ onlyChinese: [...a].filter((k) => !b.has(k)), onlyEnglish: [...b].filter((k) => !a.has(k)) }).toEqual({
      onlyChinese: [],
      onlyEnglish: [],
    });
  });
});
