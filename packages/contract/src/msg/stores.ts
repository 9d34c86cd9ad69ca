// Server messages of the stores area, in both languages.
export const STORES_MESSAGES = {
  'shop.codeTaken': { zh: '门店编号已存在', en: 'A shop with this code already exists' },
  'shop.notFound': { zh: '门店不存在', en: 'No such shop' },
  'shop.region': { zh: '省市区不匹配', en: 'Province, city and district do not match' },
  'shop.manager': { zh: '店长必须是本企业的有效成员', en: 'The manager must be an active member of this enterprise' },
  'et.notFound': { zh: '点位不存在或不属于该门店', en: 'No such point in this shop' },
  'geo.notFound': { zh: '地区不存在', en: 'No such region' },
  'search.kind': { zh: '不支持的搜索类型', en: 'Unknown kind of record to search' },
  'entity.shop': { zh: '门店', en: 'shop' },
  'entity.et': { zh: '点位', en: 'store point' },
  'entity.employee': { zh: '员工', en: 'employee' },
  'entity.member': { zh: '会员', en: 'member' },
  'entity.device': { zh: '设备', en: 'device' },
  'shop.hoursFormat': {
    zh: '营业时间格式应为 09:00-22:00，多段用逗号分隔',
    en: 'Opening hours look like 09:00-22:00; separate several ranges with commas',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
