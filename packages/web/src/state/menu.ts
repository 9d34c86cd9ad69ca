import { createStore } from './store';

export type MenuState = {
  /** Path of the menu node matching the current route ('' until one matches). */
  currentNode: string;
  /** Operation bits of that node, decoded into powers of two (contract decodeWeight). */
  nodePermissions: number[];
};

/** Spec §3: current node and node permissions, both initially empty. */
export const initialMenuState = (): MenuState => ({ currentNode: '', nodePermissions: [] });

export const menuStore = createStore(initialMenuState);
