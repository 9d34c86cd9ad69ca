import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fieldChanges, objectText } from './changes';

// The same stored entries read in Chinese and in English: labels and values in the reader's words.

const t = (lng: 'zh-CN' | 'en-US') => i18n.getFixedT(lng, 'oplog');
const rows = (lng: 'zh-CN' | 'en-US', entity: string, summary: unknown) =>
  fieldChanges(entity, summary, t(lng)).map((r) => [r.label, r.before, r.after]);

describe('fieldChanges', () => {
  const shopUpdate = {
    before: { name: '南山店', code: 'S1', level: 1, province: '44', address: '' },
    after: { name: '南山旗舰店', code: 'S1', level: 2, province: '44', address: '深南大道 1 号' },
  };

  it('an update lists only the fields that changed, enumerations as words, in each language', () => {
    expect(rows('zh-CN', 'shop', shopUpdate)).toEqual([
      ['名称', '南山店', '南山旗舰店'],
      ['门店等级', 'A', 'B'],
      ['地址', '—', '深南大道 1 号'],
    ]);
    expect(rows('en-US', 'shop', shopUpdate)).toEqual([
      ['Name', '南山店', '南山旗舰店'],
      ['Shop level', 'A', 'B'],
      ['Address', '—', '深南大道 1 号'],
    ]);
  });

  it('a creation lists what it set; statuses, commands and orientations are words', () => {
    expect(rows('zh-CN', 'device', { before: null, after: { command: 'volume', volume: 30 } })).toEqual([
      ['命令', '—', '音量'],
      ['音量', '—', '30'],
    ]);
    expect(rows('en-US', 'device', { before: null, after: { command: 'direction', direction: 0 } })).toEqual([
      ['Command', '—', 'Orientation'],
      ['Orientation', '—', 'Portrait'],
    ]);
    expect(rows('en-US', 'shop', { before: { online: 301 }, after: { online: 302 } })).toEqual([
      ['Online state', 'Offline', 'Online'],
    ]);
    expect(
      rows('zh-CN', 'join-apply', { before: { status: 201 }, after: { status: 203, reason: '信息不全' } }),
    ).toEqual([
      ['状态', '未审核', '已拒绝'],
      ['原因', '—', '信息不全'],
    ]);
  });

  it('data ranges and permission bits are spelled out; a bare legacy range still reads', () => {
    expect(
      rows('zh-CN', 'data-range', {
        before: { range: null },
        after: { range: { p: ['31'], c: [], a: ['310101'], s: ['1', '2'] } },
      }),
    ).toEqual([['数据范围', '全企业', '1 省 · 0 市 · 1 区 · 2 店']]);
    expect(rows('en-US', 'data-range', { before: null, after: { p: [], c: ['3101'], a: [], s: [] } })).toEqual([
      ['Data range', 'Whole enterprise', '0 prov. · 1 cities · 0 districts · 0 shops'],
    ]);
    expect(rows('en-US', 'job-menus', { before: { '/store': 1 }, after: { '/store': 5, '/news': 0 } })).toEqual([
      ['/store', 'View', 'View, Update'],
      ['/news', '—', '—'],
    ]);
  });

  it('nothing to show for an entry without a summary', () => {
    expect(fieldChanges('shop', null, t('zh-CN'))).toEqual([]);
  });
});

describe('objectText', () => {
  it('names the record, not its number', () => {
    expect(objectText({ entity: 'device', entityId: '414', label: '门口大屏' }, t('zh-CN'))).toBe('设备「门口大屏」');
    expect(objectText({ entity: 'device', entityId: '414', label: '门口大屏' }, t('en-US'))).toBe('Device “门口大屏”');
    expect(objectText({ entity: 'device', entityId: 'bulk', label: '' }, t('en-US'))).toBe('Device (bulk)');
    expect(objectText({ entity: 'invitation', entityId: '9', label: '' }, t('zh-CN'))).toBe('邀请链接（编号 9）');
  });
});
