import { describe, expect, it } from 'vitest';
import { isStaleChunk, reloadForNewBuild } from './staleBuild';

describe('a tab on the previous build (issue 25 §7)', () => {
  it('recognises a chunk the new build replaced', () => {
    expect(
      isStaleChunk(new TypeError('Failed to fetch dynamically imported module: https://x/assets/Page-abc.js')),
    ).toBe(true);
    expect(isStaleChunk(new Error('Cannot read properties of undefined'))).toBe(false);
  });
  it('reloads once, and shows the error when a reload did not help', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as Storage;
    let reloads = 0;
    expect(reloadForNewBuild(1_000_000, storage, () => reloads++)).toBe(true);
    expect(reloadForNewBuild(1_010_000, storage, () => reloads++)).toBe(false);
    expect(reloadForNewBuild(1_100_000, storage, () => reloads++)).toBe(true);
    expect(reloads).toBe(2);
  });
});
