import { createStore } from './store';

export type AdState = { imgSrc: Record<string, string> };

export const initialAdState = (): AdState => ({ imgSrc: {} });

export const adStore = createStore(initialAdState);

/** Spec §3: an image source key is set only once and never overwritten. */
export function setImgSrc(key: string, src: string): void {
  const { imgSrc } = adStore.get();
  if (Object.prototype.hasOwnProperty.call(imgSrc, key)) return;
  adStore.set({ imgSrc: { ...imgSrc, [key]: src } });
}
