import { useState } from 'react';
import { Button, Collapse, DatePicker, Input, Select, Space } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OP_VERBS, TIME_SHORTCUT_DAYS, type OpVerb } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { cleanFilter, shortcutRange, toSeconds, type OplogFilter } from './oplogFilter';

type Props = { onFilter: (f: OplogFilter) => void };

/** The filter sidebar of spec §2 as the operation log uses it: keyword, time range, verb, operator. */
export function OplogFilters({ onFilter }: Props) {
  const { t } = useTranslation(['enterprise', 'oplog']);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [verb, setVerb] = useState<OpVerb | undefined>();
  const [operator, setOperator] = useState<number | undefined>();
  const members = useQuery({
    queryKey: keys.company.accounts({ pageNum: 1, pageSize: 100 }),
    queryFn: () => call(api.company.accounts, { pageNum: 1, pageSize: 100 }),
  });
  const apply = () => onFilter(cleanFilter({ keyword, ...toSeconds(range), verb, operator }));

  return (
    <div data-testid="oplog-filters" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Input.Search
        allowClear
        placeholder={t('oplog.keyword')}
        aria-label={t('oplog.keyword')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={apply}
        data-testid="oplog-keyword"
      />
      <Collapse
        size="small"
        defaultActiveKey={['time', 'verb', 'operator']}
        items={[
          {
            key: 'time',
            label: t('oplog.time'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <DatePicker.RangePicker
                  aria-label={t('oplog.time')}
                  style={{ width: '100%' }}
                  value={range}
                  onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
                  presets={TIME_SHORTCUT_DAYS.map((d) => ({ label: t(`oplog.last${d}`), value: shortcutRange(d) }))}
                />
                <Space wrap size={4}>
                  {TIME_SHORTCUT_DAYS.map((d) => (
                    <Button
                      key={d}
                      size="small"
                      onClick={() => setRange(shortcutRange(d))}
                      data-testid={`oplog-last-${d}`}
                    >
                      {t(`oplog.last${d}`)}
                    </Button>
                  ))}
                </Space>
              </Space>
            ),
          },
          {
            key: 'verb',
            label: t('oplog.verb'),
            children: (
              <Select
                allowClear
                style={{ width: '100%' }}
                placeholder={t('oplog.anyVerb')}
                aria-label={t('oplog.verb')}
                value={verb}
                onChange={setVerb}
                options={OP_VERBS.map((v) => ({ value: v, label: t(`oplog:verb.${v}`) }))}
                data-testid="oplog-verb"
              />
            ),
          },
          {
            key: 'operator',
            label: t('oplog.operator'),
            children: (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: '100%' }}
                placeholder={t('oplog.anyOperator')}
                aria-label={t('oplog.operator')}
                value={operator}
                onChange={setOperator}
                loading={members.isPending}
                options={(members.data?.list ?? []).map((m) => ({
                  value: m.userId,
                  label: `${m.nickname || m.phone} (${m.phone})`,
                }))}
              />
            ),
          },
        ]}
      />
      <Button type="primary" icon={<FilterOutlined />} onClick={apply} data-testid="oplog-filter">
        {t('oplog.filter')}
      </Button>
    </div>
  );
}
