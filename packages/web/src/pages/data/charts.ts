import { AGE_BUCKETS, type PaResult } from '@vitrine/contract';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';

// The data centre's chart options, built from a stats/pa answer (pure, so they are tested without a canvas).

type T = TFunction<'data'>;

const PRIMARY = '#2f5bea';
const GENDER_COLOURS = ['#e8589a', '#2f5bea', '#8c8c8c'];

export function trendOption(r: PaResult, t: T): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: r.series.map((s) => s.t) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('kpi.visits'),
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.12 },
        color: PRIMARY,
        data: r.series.map((s) => s.visits),
      },
    ],
  };
}

export function ageOption(r: PaResult, t: T): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: [...AGE_BUCKETS] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('chart.ageVisits'), type: 'bar', color: PRIMARY, data: AGE_BUCKETS.map((b) => r.summary[b]) },
      {
        name: t('chart.ageActions'),
        type: 'bar',
        color: '#13a8a8',
        data: AGE_BUCKETS.map((b) => r.summary[`age_act_${b}`]),
      },
    ],
  };
}

export function genderOption(r: PaResult, t: T): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {d}%' },
    legend: { bottom: 0 },
    color: GENDER_COLOURS,
    series: [
      {
        type: 'pie',
        radius: ['42%', '72%'],
        label: { position: 'inside', formatter: '{c}%', color: '#fff', fontWeight: 600 },
        data: [
          { name: t('gender.2'), value: r.summary.female_num },
          { name: t('gender.1'), value: r.summary.male_num },
          { name: t('gender.0'), value: r.summary.unkownG_num },
        ],
      },
    ],
  };
}

/** Visits by weekday (rows, Monday first) and hour (columns). */
export function heatOption(r: PaResult, t: T): EChartsCoreOption {
  const days = [1, 2, 3, 4, 5, 6, 0] as const;
  const max = Math.max(1, ...r.heat.map((h) => h.visits));
  return {
    tooltip: { position: 'top' },
    grid: { left: 56, right: 72, top: 8, bottom: 28 },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => String(h)), splitArea: { show: true } },
    yAxis: { type: 'category', data: days.map((d) => t(`weekday.${d}`)), splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'vertical',
      right: 0,
      top: 'middle',
      itemHeight: 160,
      inRange: { color: ['#eef3ff', PRIMARY] },
    },
    series: [{ type: 'heatmap', data: r.heat.map((h) => [h.hour, days.findIndex((d) => d === h.weekday), h.visits]) }],
  };
}

/** Sales over time: amount (yuan, left axis) as bars, orders (right axis) as a line. */
export function salesTrendOption(
  r: { series: { t: string; amount: number; orders: number }[] },
  t: T,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 64, right: 48, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: r.series.map((s) => s.t) },
    yAxis: [
      { type: 'value', name: '¥' },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: t('sales.amount'), type: 'bar', color: PRIMARY, data: r.series.map((s) => Math.round(s.amount) / 100) },
      {
        name: t('sales.orders'),
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        color: '#fa8c16',
        data: r.series.map((s) => s.orders),
      },
    ],
  };
}

/** Plays over time: count as bars, hours on screen as a line. */
export function playsTrendOption(
  r: { series: { t: string; plays: number; seconds: number }[] },
  t: T,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 56, right: 48, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: r.series.map((s) => s.t) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', splitLine: { show: false } },
    ],
    series: [
      { name: t('ads.plays'), type: 'bar', color: PRIMARY, data: r.series.map((s) => s.plays) },
      {
        name: t('ads.hours'),
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        color: '#13a8a8',
        data: r.series.map((s) => Math.round(s.seconds / 360) / 10),
      },
    ],
  };
}

/** Categories' shares of the amount as a ring. */
export function categoryOption(r: { byCategory: { category: string; amount: number }[] }, t: T): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => `¥${Number(v).toLocaleString()}` },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '44%'],
        label: { formatter: '{b} {d}%' },
        data: r.byCategory.map((c) => ({
          name: c.category || t('products.noCategory'),
          value: Math.round(c.amount) / 100,
        })),
      },
    ],
  };
}

/** Units sold where a product ad played: the days before against the period, per product. */
export function exposureOption(
  r: { list: { name: string; before: { quantity: number }; after: { quantity: number } }[] },
  t: T,
): EChartsCoreOption {
  const top = r.list.slice(0, 10);
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 24, top: 24, bottom: 56 },
    xAxis: {
      type: 'category',
      data: top.map((x) => x.name),
      axisLabel: { interval: 0, overflow: 'truncate', width: 80 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('products.before'), type: 'bar', color: '#bfbfbf', data: top.map((x) => x.before.quantity) },
      { name: t('products.after'), type: 'bar', color: PRIMARY, data: top.map((x) => x.after.quantity) },
    ],
  };
}
