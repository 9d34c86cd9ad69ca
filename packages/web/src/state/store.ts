import { useMemo, useSyncExternalStore } from 'react';

/** A tiny external store: readable and writable outside React (the api client needs that). */
export type Store<T extends object> = {
  get: () => T;
  set: (patch: Partial<T> | ((state: T) => Partial<T>)) => void;
  subscribe: (listener: () => void) => () => void;
  reset: () => void;
};

export function createStore<T extends object>(initial: () => T): Store<T> {
  let state = initial();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    set: (patch) => {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => {
      state = initial();
      emit();
    },
  };
}

/**
 * The whole state of a store (the snapshot is replaced on every `set`, so it is stable between),
 * or only the fields named: then the component renders again only when one of them changes, not on
 * every `set` (opening the console sets the app store many times; issue 25 §7).
 */
export function useStore<T extends object>(store: Store<T>): T;
export function useStore<T extends object, K extends keyof T>(store: Store<T>, ...fields: K[]): Pick<T, K>;
export function useStore<T extends object, K extends keyof T>(store: Store<T>, ...fields: K[]): T | Pick<T, K> {
  const key = fields.join(' ');
  const get = useMemo(() => {
    if (!key) return store.get;
    const names = key.split(' ') as K[];
    let last: Pick<T, K> | undefined;
    return () => {
      const state = store.get();
      if (last && names.every((n) => last![n] === state[n])) return last;
      last = {} as Pick<T, K>;
      for (const n of names) last[n] = state[n];
      return last;
    };
  }, [store, key]);
  return useSyncExternalStore(store.subscribe, get, get);
}
