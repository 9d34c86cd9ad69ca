import { useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMaterialMap, type MaterialType } from '../materials';
import { MaterialPicker } from './MaterialPicker';
import { MaterialThumb } from './MaterialThumb';

type Item = { fileId: number; durationMs?: number };

/** Moves one entry of a list by `by` places (kept inside the list). */
export function move<T>(list: T[], index: number, by: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, index + by));
  const next = [...list];
  const [it] = next.splice(index, 1);
  next.splice(to, 0, it);
  return next;
}

/**
 * Materials in play order, each with its own duration in seconds (0 = the default: an image 10 s,
 * a video its length). `audio`: background music tracks (no duration).
 */
export function MaterialItems({
  value,
  onChange,
  types = ['image', 'video'],
  timed = true,
  testId = 'field-items',
}: {
  value?: Item[];
  onChange?: (v: Item[]) => void;
  types?: MaterialType[];
  timed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('advert');
  const [picking, setPicking] = useState(false);
  const items = value ?? [];
  const { byFile } = useMaterialMap();
  const set = (next: Item[]) => onChange?.(next);
  return (
    <div data-testid={testId}>
      <Space orientation="vertical" style={{ width: '100%' }} size={6}>
        {items.map((item, i) => {
          const row = byFile.get(item.fileId);
          return (
            <div key={`${item.fileId}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <MaterialThumb row={row} size={56} />
              <Typography.Text ellipsis style={{ flex: 1 }}>
                {row?.title ?? t('material.missing', { id: item.fileId })}
              </Typography.Text>
              {timed ? (
                <InputNumber
                  size="small"
                  min={0}
                  max={600}
                  style={{ width: 90 }}
                  suffix="s"
                  aria-label={t('field.totalMs')}
                  value={Math.round((item.durationMs ?? 0) / 1000)}
                  onChange={(s) =>
                    set(items.map((it, j) => (j === i ? { ...it, durationMs: Number(s ?? 0) * 1000 } : it)))
                  }
                />
              ) : null}
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('action.up')}
                disabled={i === 0}
                onClick={() => set(move(items, i, -1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('action.down')}
                disabled={i === items.length - 1}
                onClick={() => set(move(items, i, 1))}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('action.remove')}
                onClick={() => set(items.filter((_, j) => j !== i))}
              />
            </div>
          );
        })}
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid={`${testId}-add`}>
          {t('action.addMaterial')}
        </Button>
      </Space>
      <MaterialPicker
        open={picking}
        types={types}
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          setPicking(false);
          set([...items, ...rows.map((r) => (timed ? { fileId: r.fileId, durationMs: 0 } : { fileId: r.fileId }))]);
        }}
      />
    </div>
  );
}
