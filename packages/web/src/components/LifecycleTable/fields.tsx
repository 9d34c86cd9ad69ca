import { useEffect, useState } from 'react';
import { Cascader, DatePicker, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueries, useQuery } from '@tanstack/react-query';
import { fromPicker, toPicker } from '../../i18n/time';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';

type RegionOption = { value: string; label: string; isLeaf: boolean; children?: RegionOption[] };

function withChildren(list: RegionOption[], id: string, children: RegionOption[]): RegionOption[] {
  return list.map((o) =>
    o.value === id ? { ...o, children } : o.children ? { ...o, children: withChildren(o.children, id, children) } : o,
  );
}

async function childrenOf(id: string): Promise<RegionOption[]> {
  const res = id.length === 2 ? await call(api.geo.cities, { id }) : await call(api.geo.areas, { id });
  return res.list.map((r) => ({ value: r.id, label: r.title || r.name, isLeaf: id.length === 4 }));
}

/** Region codes (GB/T 2260) shown by their names: each level's list fetched once and kept (issue 25 §5). */
export function RegionNames({ codes }: { codes: string[] }) {
  const parents = [...new Set(codes.map((c) => c.slice(0, Math.max(0, c.length - 2))))];
  const lists = useQueries({
    queries: parents.map((pid) => ({
      queryKey: keys.geo.regions(pid),
      queryFn: () =>
        pid === ''
          ? call(api.geo.provinces, {})
          : pid.length === 2
            ? call(api.geo.cities, { id: pid })
            : call(api.geo.areas, { id: pid }),
      staleTime: Infinity,
    })),
  });
  const names = new Map(lists.flatMap((q) => q.data?.list ?? []).map((r) => [r.id, r.title || r.name]));
  return <>{codes.map((c) => names.get(c) ?? c).join('、')}</>;
}

/** Province / city / district (GB/T 2260) from geo/provinces, cities, areas; loads the value's path. */
export function RegionField({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const [options, setOptions] = useState<RegionOption[]>([]);
  const [p, c] = value ?? [];
  useEffect(() => {
    let live = true;
    void (async () => {
      const provinces = await call(api.geo.provinces, {});
      let opts: RegionOption[] = provinces.list.map((r) => ({ value: r.id, label: r.title || r.name, isLeaf: false }));
      if (p) opts = withChildren(opts, p, await childrenOf(p));
      if (c) opts = withChildren(opts, c, await childrenOf(c));
      if (live) setOptions(opts);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [p, c]);
  return (
    <Cascader<RegionOption>
      data-testid="field-region"
      options={options}
      value={value}
      changeOnSelect={false}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      loadData={(path) => {
        const last = path[path.length - 1];
        void childrenOf(last.value).then((children) => setOptions((prev) => withChildren(prev, last.value, children)));
      }}
    />
  );
}

/** An enabled shop, searched by name or code (geo/shops). */
export function ShopSelect({
  value,
  onChange,
  initialLabel,
  disabled,
}: {
  value?: number;
  onChange?: (v: number) => void;
  initialLabel?: string;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const shops = useQuery({
    queryKey: keys.geo.shops(keyword),
    queryFn: () => call(api.geo.shops, { keyword: keyword || undefined, pageNum: 1, pageSize: 50 }),
  });
  const options = (shops.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${s.code}` }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  // nothing to choose at all (not a search that found nothing): say what to do first
  const none = !keyword && shops.data?.total === 0 && !value;
  return (
    <>
      <Select
        data-testid="field-shop"
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        value={value}
        onChange={onChange}
        options={options}
        loading={shops.isFetching}
        disabled={disabled}
      />
      {none ? <NoShopYet /> : null}
    </>
  );
}

function NoShopYet() {
  const { t } = useTranslation('lifecycle');
  return (
    <Typography.Text type="warning" data-testid="field-shop-none" style={{ display: 'block', marginTop: 4 }}>
      {t('form.noShop')} <Link to="/store/store">{t('form.noShopGo')}</Link>
    </Typography.Text>
  );
}

/** A store point of the chosen shop (et enable-list). */
export function EtSelect({
  value,
  onChange,
  shopId,
  initialLabel,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  shopId?: number;
  initialLabel?: string;
}) {
  const points = useQuery({
    queryKey: keys.lifecycle.list('et', 'select', { shopId }),
    queryFn: () => call(api.et.enableList, { shopId, pageNum: 1, pageSize: 100 }),
    enabled: !!shopId,
  });
  const options = (points.data?.list ?? []).map((e) => ({ value: e.id, label: e.name }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  return (
    <Select
      data-testid="field-et"
      allowClear
      value={value ?? undefined}
      onChange={(v?: number) => onChange?.(v ?? null)}
      options={options}
      disabled={!shopId}
    />
  );
}

/** A date kept as Unix seconds (0 = none). */
export function DateField({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={value ? toPicker(value) : null}
      onChange={(d) => onChange?.(d ? fromPicker(d.startOf('day')) : 0)}
    />
  );
}
