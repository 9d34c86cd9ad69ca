import { useSyncExternalStore } from 'react';

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

/** The whole state of a store; the snapshot is replaced on every `set`, so it is stable between. */
export function useStore<T extends object>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
