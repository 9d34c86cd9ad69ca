import { createStore } from './store';

export type DialogState = { treeItem: string };

/** Spec §3: dialog group, tree item (empty text). */
export const initialDialogState = (): DialogState => ({ treeItem: '' });

export const dialogStore = createStore(initialDialogState);

export function setTreeItem(treeItem: string): void {
  dialogStore.set({ treeItem });
}
