import { useState } from 'react';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@vitrine/contract';
import { api } from '../../../api/routes';
import { call } from '../../../api/client';
import { keys } from '../../../api/keys';
import type { FormValues } from '../../../components/LifecycleTable/types';
import { move } from './MaterialItems';

// Pickers of enabled advertising records: products for product ads, contents for plans.

function useEnabled<C extends typeof api.commodity.enableList | (typeof api)['ad-content']['enableList']>(
  entity: string,
  def: C,
  keyword: string,
  extra: object = {},
) {
  const body = { keyword: keyword || undefined, pageNum: 1, pageSize: MAX_PAGE_SIZE, ...extra };
  return useQuery({ queryKey: keys.lifecycle.list(entity, 'select', body), queryFn: () => call(def, body as never) });
}

/** Enabled products: one for a product ad, 2–4 for a comparison. */
export function CommodityPicker({
  value,
  onChange,
  values,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  values: FormValues;
}) {
  const [keyword, setKeyword] = useState('');
  const list = useEnabled('commodity', api.commodity.enableList, keyword);
  const one = values.adType === 'details';
  const options = (list.data?.list ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.code}` }));
  return (
    <Select
      data-testid="field-commodities"
      mode={one ? undefined : 'multiple'}
      maxCount={one ? undefined : 4}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={list.isFetching}
      options={options}
      value={one ? value?.[0] : value}
      onChange={(v: number | number[]) => onChange?.(Array.isArray(v) ? v : v ? [v] : [])}
    />
  );
}

/** The specification rows of the chosen products, to compare. */
export function SpecNamesPicker({
  value,
  onChange,
  values,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  values: FormValues;
}) {
  const list = useEnabled('commodity', api.commodity.enableList, '');
  const chosen = new Set((values.commodityIds as number[] | undefined) ?? []);
  const names = [
    ...new Set((list.data?.list ?? []).filter((c) => chosen.has(c.id)).flatMap((c) => c.specs.map((s) => s.name))),
  ];
  return (
    <Select
      data-testid="field-spec-names"
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      options={names.map((n) => ({ value: n, label: n }))}
    />
  );
}

type Entry = { contentId: number; weight: number };

/** Enabled contents in play order, each with a weight (equal priorities share time by weight). */
export function PlanContentsField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: Entry[];
  onChange?: (v: Entry[]) => void;
}) {
  const { t } = useTranslation(['advert', 'filter']);
  const [keyword, setKeyword] = useState('');
  const list = useEnabled('ad-content', api['ad-content'].enableList, keyword);
  const entries = value ?? [];
  const names = new Map((list.data?.list ?? []).map((c) => [c.id, c]));
  const set = (next: Entry[]) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={6} data-testid="field-contents">
      {entries.map((e, i) => (
        <div key={`${e.contentId}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text ellipsis style={{ flex: 1 }}>
            {names.get(e.contentId)?.name ?? `#${e.contentId}`}
            <Typography.Text type="secondary">
              {' '}
              · {names.get(e.contentId) ? t(`filter:adType.${names.get(e.contentId)!.adType}`) : ''}
            </Typography.Text>
          </Typography.Text>
          <InputNumber
            size="small"
            min={1}
            max={100}
            style={{ width: 80 }}
            prefix="×"
            value={e.weight}
            onChange={(w) => set(entries.map((x, j) => (j === i ? { ...x, weight: Number(w ?? 1) } : x)))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={t('action.up')}
            disabled={i === 0}
            onClick={() => set(move(entries, i, -1))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={t('action.down')}
            disabled={i === entries.length - 1}
            onClick={() => set(move(entries, i, 1))}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('action.remove')}
            onClick={() => set(entries.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {/* the form item's id, so its label names the search box (axe: label, issue 25 §3) */}
      <Select
        id={id}
        data-testid="field-contents-add"
        placeholder={t('action.addContent')}
        value={null}
        style={{ width: '100%' }}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={list.isFetching}
        options={(list.data?.list ?? [])
          .filter((c) => c.adType !== 'bgm')
          .map((c) => ({ value: c.id, label: `${c.name} · ${t(`filter:adType.${c.adType}`)}` }))}
        onChange={(id: number) => set([...entries, { contentId: id, weight: 1 }])}
      />
    </Space>
  );
}

/** An enabled background-music content, or none. */
export function BgmContentSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
}) {
  const list = useEnabled('ad-content', api['ad-content'].enableList, '', {
    extend_opt: JSON.stringify({ ad_type: 'bgm' }),
  });
  return (
    <Select
      id={id}
      data-testid="field-bgm-content"
      allowClear
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      options={(list.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/** One enabled ad content to show (not music), or none. */
export function ContentSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const list = useEnabled('ad-content', api['ad-content'].enableList, keyword);
  return (
    <Select
      id={id}
      data-testid="field-content"
      allowClear
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={(list.data?.list ?? []).filter((c) => c.adType !== 'bgm').map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/** One enabled product to show, or none. */
export function ProductSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const list = useEnabled('commodity', api.commodity.enableList, keyword);
  return (
    <Select
      id={id}
      data-testid="field-product"
      allowClear
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={(list.data?.list ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.code}` }))}
    />
  );
}
