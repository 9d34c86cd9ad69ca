import { Link } from 'react-router';
import {
  AGE_BANDS,
  api as contract,
  DEVICE_STATUS,
  DEVICE_TYPES,
  ET_TYPES,
  ONLINE_STATUS,
  CONTENT_STATUS,
  type ResultOf,
} from '@vitrine/contract';
import { api } from '../../api/routes';
import type { EntityConfig, ValueEnum } from '../../components/LifecycleTable';
import { formFields } from '../../components/LifecycleTable/formFields';
import type { FilterGroup } from '../../components/FilterSidebar';
import { DeviceSetting } from './DeviceSetting';
import { keyEnum } from '../../i18n/keys';

// The declarative tables of the stores area: one column list and one form per entity.

type RowOf<C extends { myList: unknown }> = ResultOf<C['myList']> extends { list: (infer R)[] } ? R : never;
export type ShopRow = RowOf<typeof api.shop>;
export type EtRow = RowOf<typeof api.et>;
export type EmployeeRow = RowOf<typeof api.employee>;
export type MemberRow = RowOf<typeof api.member>;
export type DeviceRow = RowOf<typeof api.device>;

export const LEVEL_ENUM: ValueEnum = { 1: { text: 'A' }, 2: { text: 'B' }, 3: { text: 'C' } };
export const GENDER_ENUM = keyEnum('store:gender', [1, 2]);
export const ET_ENUM = keyEnum('store:etType', ET_TYPES);
export const DEVICE_TYPE_ENUM = keyEnum('device:type', DEVICE_TYPES);
export const ORIENTATION_ENUM = keyEnum('device:orientation', [1, 0]);
export const AI_ENUM = keyEnum('device:ai', [1, 0]);
const AGE_ENUM: ValueEnum = Object.fromEntries(AGE_BANDS.map((b) => [b, { text: b }]));

export const shopConfig: EntityConfig<ShopRow> = {
  entity: 'shop',
  label: 'store:entity.shop',
  calls: api.shop,
  titleOf: (r) => r.name,
  columns: [
    {
      key: 'name',
      title: 'store:field.name',
      render: (r) => (r.liveVersion ? <Link to={`/store/manage_details?id=${r.id}`}>{r.name}</Link> : r.name),
    },
    { key: 'code', title: 'store:field.code', detail: true },
    { key: 'level', title: 'store:field.level', kind: 'enum', valueEnum: LEVEL_ENUM, width: 90 },
    { key: 'address', title: 'store:field.address', detail: true },
    { key: 'managerName', title: 'store:field.manager' },
    { key: 'devices', title: 'store:field.devices', kind: 'number', tabs: ['enabled'] },
  ],
  fields: formFields(contract.shop.create.body, [
    { name: 'name', label: 'store:field.name', kind: 'text' },
    { name: 'code', label: 'store:field.code', kind: 'text' },
    { name: 'level', label: 'store:field.level', kind: 'select', valueEnum: LEVEL_ENUM },
    { name: 'region', label: 'store:field.region', kind: 'region' },
    { name: 'address', label: 'store:field.address', kind: 'text' },
    { name: 'phone', label: 'store:field.phone', kind: 'phone' },
    { name: 'hours', label: 'store:field.hours', kind: 'text' },
    { name: 'area', label: 'store:field.area', kind: 'number' },
  ]),
  defaults: { level: 2 },
};

export const etConfig: EntityConfig<EtRow> = {
  entity: 'et',
  label: 'store:entity.et',
  calls: api.et,
  titleOf: (r) => r.name,
  columns: [
    { key: 'name', title: 'store:field.name' },
    { key: 'etType', title: 'store:field.etType', kind: 'enum', valueEnum: ET_ENUM },
    { key: 'shopName', title: 'store:field.shop' },
    { key: 'remark', title: 'store:field.remark', detail: true },
  ],
  fields: formFields(contract.et.create.body, [
    { name: 'name', label: 'store:field.name', kind: 'text' },
    { name: 'etType', label: 'store:field.etType', kind: 'select', valueEnum: ET_ENUM },
    { name: 'shopId', label: 'store:field.shop', kind: 'shop' },
    { name: 'remark', label: 'store:field.remark', kind: 'textarea' },
  ]),
  defaults: { etType: 'entrance' },
};

export const employeeConfig: EntityConfig<EmployeeRow> = {
  entity: 'employee',
  label: 'store:entity.employee',
  calls: api.employee,
  titleOf: (r) => r.name,
  columns: [
    {
      key: 'name',
      title: 'store:field.personName',
      render: (r) => (r.liveVersion ? <Link to={`/store/per_details?id=${r.id}`}>{r.name}</Link> : r.name),
    },
    { key: 'phone', title: 'store:field.phone' },
    { key: 'gender', title: 'store:field.gender', kind: 'enum', valueEnum: GENDER_ENUM, width: 80 },
    { key: 'shopName', title: 'store:field.shop' },
    { key: 'hireDate', title: 'store:field.hireDate', kind: 'date', detail: true },
  ],
  fields: formFields(contract.employee.create.body, [
    { name: 'name', label: 'store:field.personName', kind: 'text' },
    { name: 'phone', label: 'store:field.phone', kind: 'phone' },
    { name: 'gender', label: 'store:field.gender', kind: 'select', valueEnum: GENDER_ENUM },
    { name: 'shopId', label: 'store:field.shop', kind: 'shop' },
    { name: 'hireDate', label: 'store:field.hireDate', kind: 'date' },
  ]),
};

export const memberConfig: EntityConfig<MemberRow> = {
  entity: 'member',
  label: 'store:entity.member',
  calls: api.member,
  titleOf: (r) => r.name,
  columns: [
    { key: 'name', title: 'store:field.personName' },
    { key: 'phone', title: 'store:field.phone' },
    { key: 'gender', title: 'store:field.gender', kind: 'enum', valueEnum: GENDER_ENUM, width: 80 },
    { key: 'ageBand', title: 'store:field.ageBand', detail: true },
    { key: 'level', title: 'store:field.memberLevel', kind: 'number' },
    { key: 'points', title: 'store:field.points', kind: 'number' },
    { key: 'shopName', title: 'store:field.shop' },
    { key: 'joined', title: 'store:field.joined', kind: 'date', detail: true },
  ],
  fields: formFields(contract.member.create.body, [
    { name: 'name', label: 'store:field.personName', kind: 'text' },
    { name: 'phone', label: 'store:field.phone', kind: 'phone' },
    { name: 'gender', label: 'store:field.gender', kind: 'select', valueEnum: GENDER_ENUM },
    { name: 'ageBand', label: 'store:field.ageBand', kind: 'select', valueEnum: AGE_ENUM },
    { name: 'level', label: 'store:field.memberLevel', kind: 'number' },
    { name: 'points', label: 'store:field.points', kind: 'number' },
    { name: 'shopId', label: 'store:field.shop', kind: 'shop' },
    { name: 'joined', label: 'store:field.joined', kind: 'date' },
  ]),
  defaults: { level: 1, points: 0 },
};

export const deviceConfig: EntityConfig<DeviceRow> = {
  entity: 'device',
  label: 'store:entity.device',
  calls: api.device,
  titleOf: (r) => `${r.name} (${r.code})`,
  columns: [
    { key: 'name', title: 'device:field.name' },
    { key: 'code', title: 'device:field.code', detail: true },
    { key: 'deviceStatus', title: 'device:field.deviceStatus', kind: 'deviceStatus', tabs: ['enabled'] },
    { key: 'type', title: 'device:field.type', kind: 'enum', valueEnum: DEVICE_TYPE_ENUM, detail: true },
    {
      key: 'orientation',
      title: 'device:field.orientation',
      render: (r) => <DeviceSetting row={r} kind="direction" />,
      detail: true,
    },
    { key: 'shopName', title: 'device:field.shop' },
    {
      key: 'volume',
      title: 'device:field.volume',
      render: (r) => <DeviceSetting row={r} kind="volume" />,
      detail: true,
    },
    { key: 'ai', title: 'device:field.ai', render: (r) => <DeviceSetting row={r} kind="ai" />, detail: true },
    { key: 'lastSeen', title: 'device:field.lastSeen', kind: 'time', tabs: ['enabled'], detail: true },
  ],
  fields: formFields(contract.device.create.body, [
    { name: 'code', label: 'device:field.code', kind: 'text' },
    { name: 'name', label: 'device:field.name', kind: 'text' },
    { name: 'type', label: 'device:field.type', kind: 'select', valueEnum: DEVICE_TYPE_ENUM },
    { name: 'orientation', label: 'device:field.orientation', kind: 'select', valueEnum: ORIENTATION_ENUM },
    { name: 'shopId', label: 'device:field.shop', kind: 'shop' },
    { name: 'etId', label: 'device:field.et', kind: 'et' },
    { name: 'volume', label: 'device:field.volume', kind: 'number' },
    { name: 'ai', label: 'device:field.ai', kind: 'select', valueEnum: AI_ENUM },
  ]),
  defaults: { type: 'big', orientation: 1, volume: 50, ai: 0 },
};

export const ENTITIES = ['shop', 'et', 'employee', 'member', 'device'] as const;
export type StoreEntity = (typeof ENTITIES)[number];

/** Lifecycle statuses the status filter offers (the server reads 101–104 and 301/302). */
export const LIFECYCLE_STATUS_CODES = [
  CONTENT_STATUS.draft,
  CONTENT_STATUS.submitted,
  CONTENT_STATUS.approved,
  CONTENT_STATUS.rejected,
  ONLINE_STATUS.online,
  ONLINE_STATUS.offline,
];
export const DEVICE_STATUS_CODES = [
  DEVICE_STATUS.normal,
  DEVICE_STATUS.abnormal,
  DEVICE_STATUS.playbackAbnormal,
  DEVICE_STATUS.offline,
];

/** The sidebar groups each entity supplies (spec §2). */
export const FILTER_GROUPS_OF: Record<StoreEntity, FilterGroup[]> = {
  shop: ['shopScope', 'shopLevel', 'status', 'time'],
  et: ['shopScope', 'position', 'status', 'time'],
  employee: ['shopScope', 'gender', 'status', 'time'],
  member: ['shopScope', 'gender', 'status', 'time'],
  device: ['shopScope', 'deviceType', 'direction', 'status', 'time'],
};
