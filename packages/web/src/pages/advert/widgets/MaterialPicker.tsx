import { useState } from 'react';
import { Checkbox, Empty, Input, Modal, Segmented, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@vitrine/contract';
import { api } from '../../../api/routes';
import { call } from '../../../api/client';
import { keys } from '../../../api/keys';
import { mediaOf, type MaterialRow, type MaterialType } from '../materials';
import { MaterialThumb } from './MaterialThumb';

/** Picks materials of the allowed types from the library (several at once, in the order clicked). */
export function MaterialPicker({
  open,
  types,
  onOk,
  onCancel,
}: {
  open: boolean;
  types: MaterialType[];
  onOk: (rows: MaterialRow[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('advert');
  // several types: all of them first (filtered here), or one at a time
  const [type, setType] = useState<MaterialType | 'all'>(types.length > 1 ? 'all' : types[0]);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<MaterialRow[]>([]);
  const body = {
    type: type === 'all' ? undefined : type,
    keyword: keyword || undefined,
    pageNum: 1,
    pageSize: MAX_PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: keys.material.list(body),
    queryFn: () => call(api.material.list, body),
    enabled: open,
  });
  const toggle = (row: MaterialRow) =>
    setPicked((prev) => (prev.some((p) => p.id === row.id) ? prev.filter((p) => p.id !== row.id) : [...prev, row]));
  return (
    <Modal
      open={open}
      width={720}
      title={t('material.pickTitle')}
      destroyOnHidden
      onCancel={() => {
        setPicked([]);
        onCancel();
      }}
      onOk={() => {
        onOk(picked);
        setPicked([]);
      }}
      okButtonProps={{ disabled: !picked.length, ...({ 'data-testid': 'material-pick-ok' } as Record<string, string>) }}
    >
      <div style={{ display: 'flex', gap: 12, marginBottom: 12 }}>
        {types.length > 1 ? (
          <Segmented<MaterialType | 'all'>
            value={type}
            onChange={setType}
            options={(['all', ...types] as const).map((v) => ({ value: v, label: t(`material.${v}`) }))}
          />
        ) : null}
        <Input.Search allowClear placeholder={t('material.search')} onSearch={setKeyword} style={{ flex: 1 }} />
      </div>
      <Spin spinning={list.isFetching}>
        {list.data && !list.data.list.length ? <Empty description={t('material.emptyHint')} /> : null}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            gap: 12,
            maxHeight: 420,
            overflow: 'auto',
          }}
        >
          {(list.data?.list ?? [])
            .filter((row) => types.includes(mediaOf(row.mime)))
            .map((row) => {
              const at = picked.findIndex((p) => p.id === row.id);
              return (
                <button
                  type="button"
                  key={row.id}
                  data-testid={`pick-material-${row.id}`}
                  onClick={() => toggle(row)}
                  style={{
                    border: at >= 0 ? '2px solid #1677ff' : '1px solid #eee',
                    borderRadius: 8,
                    padding: 6,
                    background: '#fff',
                    cursor: 'pointer',
                    textAlign: 'left',
                  }}
                >
                  <MaterialThumb row={row} size={136} fill />
                  <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginTop: 4 }}>
                    <Checkbox checked={at >= 0} />
                    <Typography.Text ellipsis style={{ flex: 1 }}>
                      {at >= 0 ? `${at + 1}. ` : ''}
                      {row.title}
                    </Typography.Text>
                  </div>
                </button>
              );
            })}
        </div>
      </Spin>
    </Modal>
  );
}
