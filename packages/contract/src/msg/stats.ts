// Server messages of the data centre, in both languages.
export const STATS_MESSAGES = {
  'stats.range': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'stats.tooLong': { zh: '统计时间跨度不能超过400天', en: 'A statistics range cannot exceed 400 days' },
} as const;
