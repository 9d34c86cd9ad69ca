// Server messages of the data centre, in both languages.
export const STATS_MESSAGES = {
  'stats.range': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'stats.tooLong': { zh: '统计时间跨度不能超过400天', en: 'A statistics range cannot exceed 400 days' },
  'sale.invalid': { zh: '销售明细格式不正确', en: 'The sales line is malformed' },
  'sale.shopUnknown': { zh: '门店编码不存在或不在您的数据范围内', en: 'No shop with this code in your data range' },
  'sale.productUnknown': { zh: '商品编码不存在或商品未启用', en: 'No enabled product with this code' },
  'sale.employeeUnknown': { zh: '该门店没有这个员工', en: 'The shop has no employee with this code' },
  'sale.future': { zh: '销售时间晚于当前时间', en: 'The sale is in the future' },
  'saleImport.noHeader': {
    zh: '第一行须为表头（明细编号、时间、门店编码、商品编码、数量、金额…），请使用模板',
    en: 'The first row must be the headers (line id, time, shop code, product code, quantity, amount…): use the template',
  },
  'saleImport.duplicate': { zh: '文件中明细编号重复', en: 'This line id appears twice in the file' },
  'saleImport.time': {
    zh: '时间应为 YYYY-MM-DD HH:mm[:ss]（企业所在时区）或 Unix 秒数',
    en: "Write the time as YYYY-MM-DD HH:mm[:ss] (the enterprise's time zone) or unix seconds",
  },
  'saleImport.quantity': {
    zh: '数量须为1到100000之间的整数',
    en: 'The quantity must be a whole number from 1 to 100,000',
  },
  'saleImport.amount': {
    zh: '金额须为不小于0的数字（元），最多两位小数',
    en: 'The amount must be a number of yuan, 0 or more, with at most 2 decimals',
  },
  'saleImport.example': {
    zh: '第2行为示例，导入前请删除。时间写成 YYYY-MM-DD HH:mm（企业所在时区）或 Unix 秒数；员工编码为员工手机号，可不填；金额以元为单位，最多两位小数。同一明细编号只记录一次，重复导入不会重复计入。',
    en:
      'Row 2 is an example: delete it before importing. Write the time as YYYY-MM-DD HH:mm (the ' +
      "enterprise's time zone) or unix seconds; the employee code is the staff member's phone and may be " +
      'left empty; amounts are in yuan with at most 2 decimals. Each line id is recorded once: importing ' +
      'it again adds nothing.',
  },
  'export.col.time': { zh: '时间', en: 'Time' },
  'export.col.day': { zh: '日期', en: 'Day' },
  'export.col.line': { zh: '明细编号', en: 'Line' },
  'export.col.shop': { zh: '门店', en: 'Shop' },
  'export.col.shopCode': { zh: '门店编码', en: 'Shop code' },
  'export.col.product': { zh: '商品', en: 'Product' },
  'export.col.productCode': { zh: '商品编码', en: 'Product code' },
  'export.col.employee': { zh: '员工', en: 'Employee' },
  'export.col.quantity': { zh: '数量', en: 'Quantity' },
  'export.col.amount': { zh: '金额（元）', en: 'Amount (yuan)' },
  'export.col.visits': { zh: '客流人次', en: 'Visits' },
  'export.col.content': { zh: '广告内容', en: 'Ad content' },
  'export.col.plays': { zh: '播放次数', en: 'Plays' },
  'export.col.seconds': { zh: '播放秒数', en: 'Seconds' },
} as const;
