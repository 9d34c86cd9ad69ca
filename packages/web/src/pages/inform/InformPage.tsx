import { useMemo, useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { INFORM_ENTITIES, type InformEntity } from '@vitrine/contract';
import { FilterSidebar, useUrlFilter, type Option } from '../../components/FilterSidebar';
import { hasBit, LifecycleTable } from '../../components/LifecycleTable';
import { STATUS_WORDS } from '../../components/StatusTag';
import { menuStore } from '../../state/menu';
import { useStore } from '../../state/store';
import { LIFECYCLE_STATUS_CODES } from '../store/entities';
import { informConfig, type InformRow } from './entities';
import { Received } from './Received';
import { ReceiptsDrawer } from './Receipts';
import '../store/store.css';

type Section = 'received' | InformEntity;

/**
 * /inform: what was sent to me (every role), and for those who write or review them, notifications
 * and announcements on the record lifecycle with sending, withdrawing and receipts.
 */
export default function InformPage() {
  const { t } = useTranslation(['inform', 'lifecycle']);
  const { filter, params, setParams } = useUrlFilter();
  const bits = useStore(menuStore).nodePermissions;
  const manage = hasBit(bits, 'create') || hasBit(bits, 'examine') || hasBit(bits, 'publish');
  const wanted = params.get('entity') as InformEntity | null;
  const entity: InformEntity = wanted && INFORM_ENTITIES.includes(wanted) ? wanted : 'inform';
  const section: Section = !manage || params.get('tab') === 'received' ? 'received' : entity;
  const record = Number(params.get('record'));
  const [receipts, setReceipts] = useState<InformRow | null>(null);
  const configs = useMemo(
    () => ({ inform: informConfig('inform', setReceipts), inform2: informConfig('inform2', setReceipts) }),
    [],
  );
  const statusOptions: Option[] = LIFECYCLE_STATUS_CODES.map((code) => ({
    value: code,
    label: t(`lifecycle:status.${STATUS_WORDS[code].key}`),
  }));
  const sections: Section[] = manage ? ['received', ...INFORM_ENTITIES] : ['received'];

  const go = (next: Section) =>
    setParams(() => new URLSearchParams(next === 'received' ? { tab: 'received' } : { entity: next }));

  return (
    <div className="vt-store" data-testid="inform-page">
      {section !== 'received' ? (
        <div className="vt-store-side">
          <FilterSidebar key={section} groups={['status', 'time']} statusOptions={statusOptions} />
        </div>
      ) : null}
      <div className="vt-store-main">
        {sections.length > 1 ? (
          <Segmented<Section>
            data-testid="inform-switch"
            value={section}
            onChange={go}
            options={sections.map((s) => ({
              value: s,
              label: <span data-testid={`inform-${s}`}>{t(`section.${s}`)}</span>,
            }))}
          />
        ) : null}
        <div className="vt-store-table">
          {section === 'received' ? (
            <Received focus={record > 0 && wanted ? { entity, id: record } : undefined} />
          ) : (
            <LifecycleTable key={section} config={configs[section]} filter={filter} />
          )}
        </div>
      </div>
      <ReceiptsDrawer
        entity={section === 'received' ? entity : section}
        record={receipts}
        onClose={() => setReceipts(null)}
      />
    </div>
  );
}
