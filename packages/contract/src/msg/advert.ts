// Server messages of the advertising area, in both languages.
export const ADVERT_MESSAGES = {
  'entity.commodity': { zh: '商品', en: 'product' },
  'entity.adPlan': { zh: '广告计划', en: 'ad plan' },
  'commodity.codeTaken': { zh: '商品编码已存在', en: 'A product with this code already exists' },
  'plan.dates': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
} as const;
