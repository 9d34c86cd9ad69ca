import { useMemo, useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSidebar, useUrlFilter, type Option } from '../../components/FilterSidebar';
import { hasBit, LifecycleTable } from '../../components/LifecycleTable';
import { STATUS_WORDS } from '../../components/StatusTag';
import { menuStore } from '../../state/menu';
import { useStore } from '../../state/store';
import { LIFECYCLE_STATUS_CODES } from '../store/entities';
import { CommodityImport } from './CommodityImport';
import { ContentPreview } from './ContentPreview';
import {
  ADVERT_ENTITIES,
  ADVERT_FILTERS,
  commodityConfig,
  contentConfig,
  pitchConfig,
  planConfig,
  type AdvertEntity,
} from './entities';
import { PitchMatrix } from './PitchMatrix';
import type { ContentRow, PlanRow } from './rows';
import { GettingStarted } from './GettingStarted';
import { MaterialLibrary } from './MaterialLibrary';
import { PlanDevices } from './PlanDevices';
import { PlanExtras } from './PlanExtras';
import '../store/store.css';

/** /advert: ad contents, ad plans, the materials library and products, with the spec's filter sidebar. */
export default function AdvertPage() {
  const { t } = useTranslation(['advert', 'lifecycle']);
  const { filter, params, setParams } = useUrlFilter();
  const bits = useStore(menuStore).nodePermissions;
  const wanted = params.get('entity') as AdvertEntity | null;
  const entity: AdvertEntity = wanted && ADVERT_ENTITIES.includes(wanted) ? wanted : 'ad-content';
  const [preview, setPreview] = useState<ContentRow | null>(null);
  const [devices, setDevices] = useState<PlanRow | null>(null);
  const contents = useMemo(() => contentConfig(setPreview), []);
  const statusOptions: Option[] = LIFECYCLE_STATUS_CODES.map((code) => ({
    value: code,
    label: t(`lifecycle:status.${STATUS_WORDS[code].key}`),
  }));

  const switchEntity = (next: AdvertEntity) =>
    setParams(() => {
      const p = new URLSearchParams();
      if (next !== 'ad-content') p.set('entity', next);
      return p;
    });

  let main;
  if (entity === 'material') main = <MaterialLibrary bits={bits} />;
  else if (entity === 'ad-plan') {
    main = (
      <LifecycleTable
        config={planConfig}
        filter={filter}
        rowExtra={(row) => <PlanExtras row={row} canPublish={hasBit(bits, 'publish')} onDevices={setDevices} />}
      />
    );
  } else if (entity === 'commodity')
    main = (
      <LifecycleTable
        config={commodityConfig}
        filter={filter}
        toolbar={hasBit(bits, 'create') ? <CommodityImport /> : null}
      />
    );
  else if (entity === 'ai-pitch')
    main = (
      <>
        <PitchMatrix />
        <LifecycleTable config={pitchConfig} filter={filter} />
      </>
    );
  else main = <LifecycleTable config={contents} filter={filter} />;

  return (
    <div className="vt-store" data-testid="advert-page">
      {entity !== 'material' ? (
        <div className="vt-store-side">
          <FilterSidebar key={entity} groups={ADVERT_FILTERS[entity]} statusOptions={statusOptions} />
        </div>
      ) : null}
      <div className="vt-store-main">
        <Segmented<AdvertEntity>
          data-testid="advert-switch"
          value={entity}
          onChange={switchEntity}
          options={ADVERT_ENTITIES.map((e) => ({
            value: e,
            label: <span data-testid={`advert-${e}`}>{t(`tab.${e}`)}</span>,
          }))}
        />
        <GettingStarted onGo={switchEntity} />
        <div className="vt-store-table">{main}</div>
      </div>
      <ContentPreview content={preview} onClose={() => setPreview(null)} />
      <PlanDevices plan={devices} onClose={() => setDevices(null)} />
    </div>
  );
}
