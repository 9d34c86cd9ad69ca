// Server messages of the materials library, in both languages.
export const MATERIALS_MESSAGES = {
  'material.notFound': { zh: '素材不存在', en: 'No such material' },
  'material.inUse.content': {
    zh: '素材正在被广告内容使用，请先在广告内容中移除后再删除',
    en: 'An ad content uses this material: remove it from the content before deleting it',
  },
  'material.inUse.product': {
    zh: '素材正在被商品图片使用，请先在商品中移除后再删除',
    en: 'A product shows this material among its images: remove it from the product before deleting it',
  },
  'material.poster': {
    zh: '封面图须为本企业上传的视频封面图片',
    en: 'The poster must be a poster frame uploaded to this enterprise',
  },
  'material.posterVideo': { zh: '只有视频素材可以设置封面图', en: 'Only a video material has a poster frame' },
} as const satisfies Record<string, { zh: string; en: string }>;
