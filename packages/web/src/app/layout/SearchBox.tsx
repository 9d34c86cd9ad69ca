import { useEffect, useState } from 'react';
import { AutoComplete, Input, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONLINE_STATUS, SEARCH_KEYWORD_MAX, type SearchGroup, type SearchHit } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A hit (value `kind:id`, the page it opens), a kind's "all" line, or a kind's group of them. */
type Option = { value?: string; page?: string; label: React.ReactNode; options?: Option[] };

/**
 * The kind's list with the keyword as its filter: a hit's page (its list, the enabled tab) without the
 * record, so that "all N" opens every match of the kind, paged as the list pages.
 */
export function allHitsPage(hitPage: string, keyword: string): string {
  const url = new URL(hitPage, 'http://list');
  url.searchParams.delete('record');
  url.searchParams.set('keyword', keyword);
  return url.pathname + url.search;
}

function HitLabel({ hit, offline }: { hit: SearchHit; offline: string }) {
  return (
    <div className="vt-search-hit" data-testid={`search-hit-${hit.id}`}>
      <span className="vt-search-hit-title">{hit.title}</span>
      {hit.status === ONLINE_STATUS.offline ? <span className="vt-search-hit-off">{offline}</span> : null}
      {hit.subtitle ? <span className="vt-search-hit-sub">{hit.subtitle}</span> : null}
    </div>
  );
}

/**
 * The search box with its dropdown: results grouped by kind (only kinds with hits), a loading and an
 * empty state; arrows and Enter move through and choose a hit, which opens its record's page.
 */
export default function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { activeCom, roleItem } = useStore(appStore, 'activeCom', 'roleItem');
  const typed = value.trim();
  const keyword = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const q = useQuery({
    queryKey: keys.search.search(activeCom.companyCode ?? '', roleItem.roleNode ?? '', keyword),
    queryFn: () => call(api.search.search, { keyword }),
    enabled: keyword.length > 0 && keyword.length <= SEARCH_KEYWORD_MAX,
    staleTime: 30_000,
    retry: false,
  });
  const pending = typed !== keyword || q.isFetching;
  const groups: SearchGroup[] = pending ? [] : (q.data?.groups ?? []).filter((g) => g.items.length > 0);
  const options = groups.map((g): Option => ({
    label: (
      <div className="vt-search-group" data-testid={`search-group-${g.kind}`}>
        <span>{t(`search.kind.${g.kind}`)}</span>
        <span className="vt-search-group-total">{t('search.total', { count: g.total })}</span>
      </div>
    ),
    options: [
      ...g.items.map((hit): Option => ({
        value: `${g.kind}:${hit.id}`,
        page: hit.page,
        label: <HitLabel hit={hit} offline={t('search.offline')} />,
      })),
      // more than the box shows: a last line opens the kind's list filtered by the keyword
      ...(g.total > g.items.length && g.items[0]
        ? [
            {
              value: `all:${g.kind}`,
              page: allHitsPage(g.items[0].page, keyword),
              label: (
                <span className="vt-search-all" data-testid={`search-all-${g.kind}`}>
                  {t('search.all', { count: g.total })}
                </span>
              ),
            },
          ]
        : []),
    ],
  }));
  let empty: React.ReactNode = null;
  if (typed && pending)
    empty = (
      <span data-testid="search-loading">
        <Spin size="small" /> {t('search.loading')}
      </span>
    );
  else if (typed && q.isError) empty = <span data-testid="search-failed">{t('search.failed')}</span>;
  else if (typed) empty = <span data-testid="search-empty">{t('search.empty', { keyword })}</span>;

  return (
    <AutoComplete<string, Option>
      className="vt-search"
      data-testid="header-search"
      value={value}
      options={options}
      notFoundContent={empty}
      onChange={(v) => onChange(v ?? '')}
      defaultActiveFirstOption
      popupMatchSelectWidth={380}
      onSelect={(_, option) => {
        onChange('');
        if (option.page) void navigate(option.page);
      }}
    >
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined className="vt-search-icon" />}
        maxLength={SEARCH_KEYWORD_MAX}
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        data-testid="header-search-input"
      />
    </AutoComplete>
  );
}
