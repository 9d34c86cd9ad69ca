// Server messages of the advertising area, in both languages.
export const ADVERT_MESSAGES = {
  'entity.commodity': { zh: '商品', en: 'product' },
  'entity.adPlan': { zh: '广告计划', en: 'ad plan' },
  'commodity.codeTaken': { zh: '商品编码已存在', en: 'A product with this code already exists' },
  'plan.dates': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'entity.adContent': { zh: '广告内容', en: 'ad content' },
  'content.materials': { zh: '请至少选择一个图片或视频素材', en: 'Choose at least one image or video' },
  'content.material': { zh: '素材不存在或类型不符', en: 'A material does not exist or is of the wrong kind' },
  'content.products': { zh: '商品展示需选择 1 个商品，商品对比需选择 2 到 4 个商品', en: 'A product display shows 1 product; a comparison 2 to 4' },
  'content.product': { zh: '所选商品不存在', en: 'A chosen product does not exist' },
  'content.specs': { zh: '请选择要对比的规格项', en: 'Choose the specification rows to compare' },
  'content.music': { zh: '请至少选择一首背景音乐', en: 'Choose at least one music track' },
  'plan.content': { zh: '广告内容不存在', en: 'An ad content does not exist' },
  'plan.bgm': { zh: '背景音乐须为背景音乐类型的广告内容', en: 'Background music must be an ad content of type background music' },
} as const;
