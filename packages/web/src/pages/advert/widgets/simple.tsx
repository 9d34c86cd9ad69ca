import { Button, Checkbox, DatePicker, Input, InputNumber, Select, Space, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../i18n/dayjs';
import { MaterialItems } from './MaterialItems';

// Small controlled inputs of the advertising forms (antd Form items feed value / onChange).

/** Price shown in yuan, kept in fen. */
export function PriceField({ value, onChange }: { value?: number; onChange?: (fen: number) => void }) {
  return (
    <InputNumber
      data-testid="field-price"
      min={0}
      max={10_000_000}
      step={0.01}
      precision={2}
      prefix="¥"
      style={{ width: '100%' }}
      value={value === undefined ? undefined : value / 100}
      onChange={(yuan) => onChange?.(Math.round(Number(yuan ?? 0) * 100))}
    />
  );
}

/** Short texts typed one after another (selling points). */
export function TagsField({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <Select
      data-testid="field-tags"
      mode="tags"
      value={value ?? []}
      onChange={onChange}
      open={false}
      tokenSeparators={[',', '，', ';', '；']}
    />
  );
}

/** Ordered name → value rows (product specifications). */
export function SpecRowsField({
  value,
  onChange,
}: {
  value?: { name: string; value: string }[];
  onChange?: (v: { name: string; value: string }[]) => void;
}) {
  const { t } = useTranslation('advert');
  const rows = value ?? [];
  const set = (i: number, patch: Partial<{ name: string; value: string }>) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={6} data-testid="field-specs">
      {rows.map((r, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            style={{ width: '35%' }}
            maxLength={32}
            value={r.name}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <Input
            style={{ width: '55%' }}
            maxLength={100}
            value={r.value}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('action.remove')}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange?.([...rows, { name: '', value: '' }])}>
        {t('action.addSpec')}
      </Button>
    </Space>
  );
}

/** Material file ids (product images). */
export function ImagesField({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  return (
    <MaterialItems
      testId="field-images"
      types={['image']}
      timed={false}
      value={(value ?? []).map((fileId) => ({ fileId }))}
      onChange={(items) => onChange?.(items.map((i) => i.fileId))}
    />
  );
}

/** Background music tracks (audio materials). */
export function MusicField({
  value,
  onChange,
}: {
  value?: { fileId: number }[];
  onChange?: (v: { fileId: number }[]) => void;
}) {
  return (
    <MaterialItems
      testId="field-bgm"
      types={['audio']}
      timed={false}
      value={value}
      onChange={(v) => onChange?.(v.map((i) => ({ fileId: i.fileId })))}
    />
  );
}

/** One audio material (a pitch's voice), or none. */
export function AudioField({ value, onChange }: { value?: number; onChange?: (v: number | undefined) => void }) {
  return (
    <MaterialItems
      testId="field-audio"
      types={['audio']}
      timed={false}
      value={value ? [{ fileId: value }] : []}
      onChange={(items) => onChange?.(items.length ? items[items.length - 1].fileId : undefined)}
    />
  );
}

/** A local day as YYYY-MM-DD. */
export function DayField({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string) => void }) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
    />
  );
}

/** 0 Sunday … 6 Saturday, shown Monday first. */
export function WeekdaysField({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation('advert');
  return (
    <Checkbox.Group
      data-testid="field-weekdays"
      value={value ?? []}
      onChange={(v) => onChange?.([...(v as number[])].sort())}
      options={([1, 2, 3, 4, 5, 6, 0] as const).map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
    />
  );
}

type Part = { from: string; to: string };

/** Dayparts in shop-local time; none = all day. */
export function DaypartsField({ value, onChange }: { value?: Part[]; onChange?: (v: Part[]) => void }) {
  const { t } = useTranslation('advert');
  const parts = value ?? [];
  return (
    <Space orientation="vertical" size={6} data-testid="field-dayparts">
      {parts.map((p, i) => (
        <Space key={i}>
          <TimePicker.RangePicker
            format="HH:mm"
            order={false}
            minuteStep={5}
            allowClear={false}
            value={[dayjs(p.from, 'HH:mm'), dayjs(p.to, 'HH:mm')]}
            onChange={(r) =>
              r?.[0] &&
              r[1] &&
              onChange?.(
                parts.map((q, j) => (j === i ? { from: r[0]!.format('HH:mm'), to: r[1]!.format('HH:mm') } : q)),
              )
            }
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('action.remove')}
            onClick={() => onChange?.(parts.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        data-testid="field-dayparts-add"
        onClick={() => onChange?.([...parts, { from: '08:00', to: '12:00' }])}
      >
        {t('action.addDaypart')}
      </Button>
    </Space>
  );
}
