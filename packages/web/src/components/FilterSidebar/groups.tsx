import type { ReactNode } from 'react';
import { Radio } from 'antd';
import type { TFunction } from 'i18next';
import { AD_TYPES, DEVICE_TYPES, ET_TYPES, ORIENTATION, SEX, SOURCES, STORE_TYPE } from '@vitrine/contract';
import type { FilterGroup, FilterObject } from './filterUrl';

export type Option = { value: string | number; label: ReactNode };

/** Choice groups: which filter key each sets and its options (from the contract's enumerations). */
export type ChoiceGroup = Exclude<FilterGroup, 'time' | 'shopScope'>;
export const CHOICE_KEY: Record<ChoiceGroup, keyof FilterObject> = {
  shopLevel: 'level',
  source: 'source',
  position: 'etType',
  gender: 'gender',
  deviceType: 'DeviceType',
  direction: 'Direction',
  adType: 'ad_type',
  status: 'status',
};

export function choiceOptions(
  group: ChoiceGroup,
  t: TFunction<['filter', 'store', 'device']>,
  status: Option[] | undefined,
): Option[] {
  switch (group) {
    case 'shopLevel':
      return Object.entries(STORE_TYPE).map(([label, value]) => ({ value, label }));
    case 'source':
      return SOURCES.map((value) => ({ value, label: t(`filter:source.${value}`) }));
    case 'position':
      return ET_TYPES.map((value) => ({ value, label: t(`store:etType.${value}`) }));
    case 'gender':
      return [SEX.male, SEX.female].map((value) => ({ value, label: t(`filter:gender.${value}`) }));
    case 'deviceType':
      return DEVICE_TYPES.map((value) => ({ value, label: t(`device:type.${value}`) }));
    case 'direction':
      return [ORIENTATION.landscape, ORIENTATION.portrait].map((value) => ({
        value,
        label: t(`device:orientation.${value}`),
      }));
    case 'adType':
      return AD_TYPES.map((value) => ({ value, label: t(`filter:adType.${value}`) }));
    case 'status':
      return status ?? [];
  }
}

const ALL = '__all';

/** One choice group as vertical radio buttons, "All" first. */
export function ChoiceField({
  group,
  value,
  options,
  onChange,
  allLabel,
}: {
  group: ChoiceGroup;
  value: string | number | undefined;
  options: Option[];
  allLabel: string;
  onChange: (value: string | number | undefined) => void;
}) {
  return (
    <Radio.Group
      data-testid={`filter-${group}`}
      value={value ?? ALL}
      onChange={(e) => onChange(e.target.value === ALL ? undefined : (e.target.value as string | number))}
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      <Radio value={ALL}>{allLabel}</Radio>
      {options.map((o) => (
        <Radio key={String(o.value)} value={o.value}>
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}
