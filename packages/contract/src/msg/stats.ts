// Server messages of the data centre, in both languages.
export const STATS_MESSAGES = {
  'stats.range': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'stats.tooLong': { zh: '统计时间跨度不能超过400天', en: 'A statistics range cannot exceed 400 days' },
  'sale.invalid': { zh: '销售明细格式不正确', en: 'The sales line is malformed' },
  'sale.shopUnknown': { zh: '门店编码不存在或不在您的数据范围内', en: 'No shop with this code in your data range' },
  'sale.productUnknown': { zh: '商品编码不存在或商品未启用', en: 'No enabled product with this code' },
  'sale.employeeUnknown': { zh: '该门店没有这个员工', en: 'The shop has no employee with this code' },
  'sale.future': { zh: '销售时间晚于当前时间', en: 'The sale is in the future' },
} as const;
