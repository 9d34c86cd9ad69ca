import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AD_TYPES, api as contract, DEVICE_TYPES } from '@vitrine/contract';
import { keyEnum } from '../../i18n/keys';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import type { CommodityRow, ContentRow, PitchRow, PlanRow } from './rows';
import type { EntityConfig, FormValues } from '../../components/LifecycleTable';
import { formFields } from '../../components/LifecycleTable/formFields';
import { RegionNames } from '../../components/LifecycleTable/fields';
import type { FilterGroup } from '../../components/FilterSidebar';
import { formatSeconds } from './materials';
import { MaterialItems } from './widgets/MaterialItems';
import {
  BgmContentSelect,
  CommodityPicker,
  ContentSelect,
  PlanContentsField,
  ProductSelect,
  SpecNamesPicker,
} from './widgets/records';
import {
  AudioField,
  DayField,
  DaypartsField,
  ImagesField,
  MusicField,
  PriceField,
  SpecRowsField,
  TagsField,
  WeekdaysField,
} from './widgets/simple';
import { TargetsField } from './widgets/TargetsField';
import { FormPreview } from './ContentPreview';

// The declarative tables of the advertising area: one column list and one form per entity.

const AD_TYPE_ENUM = keyEnum('filter:adType', AD_TYPES);
export const DEVICE_TYPE_ENUM = keyEnum('device:type', DEVICE_TYPES);
export const ORIENTATION_ENUM = keyEnum('device:orientation', [1, 0]);
const LAYOUT_ENUM = keyEnum('advert:layout', ['left', 'right', 'full']);
const PLAN_DEVICE_ENUM = keyEnum('advert:planDeviceType', ['all', 'big', 'pad']);
const PLAN_ORIENTATION_ENUM = keyEnum('advert:planOrientation', [-1, 1, 0]);
const ON_OFF = keyEnum('advert:onOff', [0, 1]);

const typeIs =
  (...types: string[]) =>
  (v: FormValues) =>
    types.includes(String(v.adType));
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export const commodityConfig: EntityConfig<CommodityRow> = {
  entity: 'commodity',
  label: 'advert:entity.commodity',
  calls: api.commodity,
  titleOf: (r) => r.name,
  columns: [
    { key: 'name', title: 'advert:field.name' },
    { key: 'code', title: 'advert:field.code', detail: true },
    { key: 'brand', title: 'advert:field.brand', detail: true },
    { key: 'category', title: 'advert:field.category' },
    { key: 'price', title: 'advert:field.price', render: (r) => yuan(r.price) },
    { key: 'unit', title: 'advert:field.unit', width: 80, detail: true },
  ],
  fields: formFields(contract.commodity.create.body, [
    { name: 'name', label: 'advert:field.name', kind: 'text' },
    { name: 'code', label: 'advert:field.code', kind: 'text' },
    { name: 'brand', label: 'advert:field.brand', kind: 'text' },
    { name: 'category', label: 'advert:field.category', kind: 'text' },
    { name: 'price', label: 'advert:field.price', kind: 'custom', widget: PriceField },
    { name: 'unit', label: 'advert:field.unit', kind: 'text' },
    { name: 'images', label: 'advert:field.images', kind: 'custom', widget: ImagesField },
    { name: 'sellingPoints', label: 'advert:field.sellingPoints', kind: 'custom', widget: TagsField },
    { name: 'specs', label: 'advert:field.specs', kind: 'custom', widget: SpecRowsField },
  ]),
  defaults: { price: 0 },
};

/** The contents' table; `preview` opens a row on the screen renderer. */
export function contentConfig(preview: (row: ContentRow) => void): EntityConfig<ContentRow> {
  return {
    entity: 'ad-content',
    label: 'advert:entity.ad-content',
    calls: api['ad-content'],
    titleOf: (r) => r.name,
    columns: [
      {
        key: 'name',
        title: 'advert:field.name',
        render: (r) => (
          <a data-testid={`preview-${r.id}`} onClick={() => preview(r)}>
            {r.name}
          </a>
        ),
      },
      { key: 'adType', title: 'advert:field.adType', kind: 'enum', valueEnum: AD_TYPE_ENUM },
      {
        key: 'deviceType',
        title: 'advert:field.deviceType',
        kind: 'enum',
        valueEnum: DEVICE_TYPE_ENUM,
        width: 90,
        detail: true,
      },
      {
        key: 'orientation',
        title: 'advert:field.orientation',
        kind: 'enum',
        valueEnum: ORIENTATION_ENUM,
        width: 90,
        detail: true,
      },
      {
        key: 'totalMs',
        title: 'advert:field.totalMs',
        render: (r) => (r.adType === 'bgm' || r.adType === 'compare' ? '—' : formatSeconds(r.totalMs)),
        width: 90,
      },
    ],
    fields: formFields(contract['ad-content'].create.body, [
      { name: 'name', label: 'advert:field.name', kind: 'text' },
      { name: 'adType', label: 'advert:field.adType', kind: 'select', valueEnum: AD_TYPE_ENUM },
      { name: 'deviceType', label: 'advert:field.deviceType', kind: 'select', valueEnum: DEVICE_TYPE_ENUM },
      { name: 'orientation', label: 'advert:field.orientation', kind: 'select', valueEnum: ORIENTATION_ENUM },
      {
        name: 'items',
        label: 'advert:field.items',
        kind: 'custom',
        widget: MaterialItems,
        showIf: typeIs('default', 'main', 'details'),
        help: 'advert:help.items',
      },
      {
        name: 'commodityIds',
        label: 'advert:field.commodityIds',
        kind: 'custom',
        widget: CommodityPicker,
        showIf: typeIs('details', 'compare'),
      },
      {
        name: 'layout',
        label: 'advert:field.layout',
        kind: 'select',
        valueEnum: LAYOUT_ENUM,
        showIf: typeIs('details'),
      },
      {
        name: 'specNames',
        label: 'advert:field.specNames',
        kind: 'custom',
        widget: SpecNamesPicker,
        showIf: typeIs('compare'),
        help: 'advert:help.specNames',
      },
      { name: 'bgm', label: 'advert:field.bgm', kind: 'custom', widget: MusicField, showIf: typeIs('bgm') },
      { name: 'volume', label: 'advert:field.volume', kind: 'number', showIf: typeIs('bgm') },
    ]),
    defaults: { adType: 'main', deviceType: 'big', orientation: 1, layout: 'full', volume: 60 },
    aside: FormPreview,
  };
}

export const planConfig: EntityConfig<PlanRow> = {
  entity: 'ad-plan',
  label: 'advert:entity.ad-plan',
  calls: api['ad-plan'],
  launch: {
    online: api['ad-plan'].throw,
    offline: api['ad-plan'].revoke,
    words: { online: 'advert:action.throw', offline: 'advert:action.revoke' },
    done: { online: 'advert:done.throw', offline: 'advert:done.revoke' },
    // the screens it is aimed at, counted as ad-plan/device-list counts them
    confirm: {
      title: 'advert:confirm.throw',
      content: 'advert:confirm.throwCount',
      count: async (r) => (await call(api['ad-plan'].deviceList, { id: r.id, pageNum: 1, pageSize: 1 })).total,
    },
  },
  titleOf: (r) => r.name,
  columns: [
    {
      key: 'name',
      title: 'advert:field.name',
      render: (r) => (
        <>
          {r.name}
          {r.isDefault ? (
            <Tag color="gold" style={{ marginLeft: 6 }}>
              {'★'}
            </Tag>
          ) : null}
        </>
      ),
    },
    { key: 'dateFrom', title: 'advert:field.dates', render: (r) => `${r.dateFrom} ~ ${r.dateTo}` },
    {
      key: 'dayparts',
      title: 'advert:field.dayparts',
      render: (r) => (r.dayparts.length ? r.dayparts.map((p) => `${p.from}–${p.to}`).join(', ') : '24h'),
      detail: true,
    },
    { key: 'priority', title: 'advert:field.priority', kind: 'number', width: 80, detail: true },
    { key: 'contents', title: 'advert:field.contentCount', render: (r) => r.contents.length, width: 90 },
    {
      key: 'deviceType',
      title: 'advert:field.planDeviceType',
      kind: 'enum',
      valueEnum: PLAN_DEVICE_ENUM,
      width: 100,
      detail: true,
    },
  ],
  fields: formFields(contract['ad-plan'].create.body, [
    { name: 'name', label: 'advert:field.name', kind: 'text' },
    { name: 'contents', label: 'advert:field.contents', kind: 'custom', widget: PlanContentsField },
    { name: 'dateFrom', label: 'advert:field.dateFrom', kind: 'custom', widget: DayField },
    { name: 'dateTo', label: 'advert:field.dateTo', kind: 'custom', widget: DayField },
    { name: 'weekdays', label: 'advert:field.weekdays', kind: 'custom', widget: WeekdaysField },
    {
      name: 'dayparts',
      label: 'advert:field.dayparts',
      kind: 'custom',
      widget: DaypartsField,
      help: 'advert:help.dayparts',
    },
    { name: 'priority', label: 'advert:field.priority', kind: 'number', help: 'advert:help.priority' },
    {
      name: 'targets',
      label: 'advert:field.targets',
      kind: 'custom',
      widget: TargetsField,
      help: 'advert:help.targets',
    },
    { name: 'deviceType', label: 'advert:field.planDeviceType', kind: 'select', valueEnum: PLAN_DEVICE_ENUM },
    { name: 'orientation', label: 'advert:field.planOrientation', kind: 'select', valueEnum: PLAN_ORIENTATION_ENUM },
    { name: 'aiPitches', label: 'advert:field.aiPitches', kind: 'select', valueEnum: ON_OFF },
    { name: 'bgmContentId', label: 'advert:field.bgmContentId', kind: 'custom', widget: BgmContentSelect },
  ]),
  defaults: { priority: 5, deviceType: 'all', orientation: -1, aiPitches: 0, weekdays: [0, 1, 2, 3, 4, 5, 6] },
};

const GENDER_ENUM = keyEnum('advert:pitch.gender', [1, 2, 0]);
const AGE_ENUM = keyEnum('advert:pitch.age', [0, 1, 2, 3, 4]);
function WholeEnterprise() {
  const { t } = useTranslation('advert');
  return <Tag>{t('pitch.everywhere')}</Tag>;
}
/** Where a pitch speaks: its areas by name and how many single shops, or the whole enterprise. */
function PitchScope({ scope }: { scope: PitchRow['scope'] }) {
  const { t } = useTranslation('advert');
  const codes = [...scope.p, ...scope.c, ...scope.a];
  if (!codes.length && !scope.s.length) return <WholeEnterprise />;
  return (
    <>
      {codes.length ? <RegionNames codes={codes} /> : null}
      {codes.length && scope.s.length ? ' · ' : ''}
      {scope.s.length ? t('pitch.shops', { count: scope.s.length }) : ''}
    </>
  );
}

export const pitchConfig: EntityConfig<PitchRow> = {
  entity: 'ai-pitch',
  label: 'advert:entity.ai-pitch',
  calls: api['ai-pitch'],
  titleOf: (r) => r.text,
  columns: [
    { key: 'gender', title: 'advert:pitch.genderTitle', kind: 'enum', valueEnum: GENDER_ENUM, width: 80 },
    { key: 'ageBand', title: 'advert:pitch.ageTitle', kind: 'enum', valueEnum: AGE_ENUM, width: 90 },
    { key: 'text', title: 'advert:pitch.text' },
    { key: 'scope', title: 'advert:pitch.scope', render: (r) => <PitchScope scope={r.scope} /> },
  ],
  fields: formFields(contract['ai-pitch'].create.body, [
    { name: 'gender', label: 'advert:pitch.genderTitle', kind: 'select', valueEnum: GENDER_ENUM },
    { name: 'ageBand', label: 'advert:pitch.ageTitle', kind: 'select', valueEnum: AGE_ENUM },
    { name: 'text', label: 'advert:pitch.text', kind: 'textarea' },
    { name: 'audioId', label: 'advert:pitch.audio', kind: 'custom', widget: AudioField },
    { name: 'contentId', label: 'advert:pitch.content', kind: 'custom', widget: ContentSelect },
    { name: 'commodityId', label: 'advert:pitch.product', kind: 'custom', widget: ProductSelect },
    {
      name: 'scope',
      label: 'advert:pitch.scope',
      kind: 'custom',
      widget: TargetsField,
      help: 'advert:pitch.scopeHelp',
    },
  ]),
  defaults: { gender: 1, ageBand: 1 },
};

export const ADVERT_ENTITIES = ['ad-content', 'ad-plan', 'ai-pitch', 'material', 'commodity'] as const;
export type AdvertEntity = (typeof ADVERT_ENTITIES)[number];

/** The sidebar groups each list supplies (spec §2: ad content category, device type and parameters, status, time). */
export const ADVERT_FILTERS: Record<Exclude<AdvertEntity, 'material'>, FilterGroup[]> = {
  'ad-content': ['adType', 'deviceType', 'direction', 'status', 'time'],
  'ad-plan': ['status', 'time'],
  'ai-pitch': ['status', 'time'],
  commodity: ['status', 'time'],
};
