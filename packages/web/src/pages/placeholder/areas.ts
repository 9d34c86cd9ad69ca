/** Areas whose domain arrives in a coming release; names and blurbs live in layout.json `area.*`. */
export const AREAS = [
  'incentives', 'inform', 'enterprise', 'store', 'manageDetails', 'perDetails', 'count', 'advert', 'news',
  'center', 'centerEditor',
] as const;
export type AreaKey = (typeof AREAS)[number];
