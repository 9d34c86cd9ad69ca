import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSidebar, useUrlFilter, type Option } from '../../components/FilterSidebar';
import { LifecycleTable } from '../../components/LifecycleTable';
import { DEVICE_STATUS_WORDS, STATUS_WORDS } from '../../components/StatusTag';
import { AreaTree } from './AreaTree';
import { DeviceTable } from './DeviceTable';
import {
  DEVICE_STATUS_CODES,
  employeeConfig,
  ENTITIES,
  etConfig,
  FILTER_GROUPS_OF,
  LIFECYCLE_STATUS_CODES,
  memberConfig,
  shopConfig,
  type StoreEntity,
} from './entities';
import './store.css';

/** /store/store: area tree, filter sidebar, and the lifecycle table of shops, points, staff, members or devices. */
export default function StorePage() {
  const { t } = useTranslation(['store', 'lifecycle', 'device']);
  const { filter, params, setFilter, setParams } = useUrlFilter();
  const wanted = params.get('entity') as StoreEntity | null;
  const entity: StoreEntity = wanted && ENTITIES.includes(wanted) ? wanted : 'shop';

  const statusOptions: Option[] = [
    ...(entity === 'device'
      ? DEVICE_STATUS_CODES.map((code) => ({ value: code, label: t(`device:status.${DEVICE_STATUS_WORDS[code].key}`) }))
      : []),
    ...LIFECYCLE_STATUS_CODES.map((code) => ({ value: code, label: t(`lifecycle:status.${STATUS_WORDS[code].key}`) })),
  ];

  // A new entity starts from a clean filter and the first page; the area stays chosen.
  const switchEntity = (next: StoreEntity) =>
    setParams(() => {
      const p = new URLSearchParams();
      if (next !== 'shop') p.set('entity', next);
      if (filter.areaRange) p.set('areaRange', JSON.stringify(filter.areaRange));
      return p;
    });

  let table;
  if (entity === 'device') table = <DeviceTable filter={filter} />;
  else if (entity === 'et') table = <LifecycleTable config={etConfig} filter={filter} />;
  else if (entity === 'employee') table = <LifecycleTable config={employeeConfig} filter={filter} />;
  else if (entity === 'member') table = <LifecycleTable config={memberConfig} filter={filter} />;
  else table = <LifecycleTable config={shopConfig} filter={filter} />;

  return (
    <div className="vt-store" data-testid="store-page">
      <div className="vt-store-side">
        <AreaTree value={filter.areaRange} onChange={(areaRange) => setFilter({ ...filter, areaRange })} />
        <FilterSidebar key={entity} groups={FILTER_GROUPS_OF[entity]} statusOptions={statusOptions} />
      </div>
      <div className="vt-store-main">
        <Segmented<StoreEntity>
          data-testid="entity-switch"
          value={entity}
          onChange={switchEntity}
          options={ENTITIES.map((e) => ({
            value: e,
            label: <span data-testid={`entity-${e}`}>{t(`entityTab.${e}`)}</span>,
          }))}
        />
        <div className="vt-store-table">{table}</div>
      </div>
    </div>
  );
}
