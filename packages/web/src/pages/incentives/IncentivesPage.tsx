import { useState } from 'react';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSidebar, useUrlFilter, type Option } from '../../components/FilterSidebar';
import { hasBit, LifecycleTable } from '../../components/LifecycleTable';
import { STATUS_WORDS } from '../../components/StatusTag';
import { menuStore } from '../../state/menu';
import { useStore } from '../../state/store';
import { LIFECYCLE_STATUS_CODES } from '../store/entities';
import { incentiveConfig, type IncentiveRow } from './entities';
import { MySchemes } from './MySchemes';
import { ProgressDrawer } from './ProgressDrawer';
import '../store/store.css';

type Section = 'mine' | 'schemes';

/**
 * /incentives: my running schemes with progress and rank (every role), and the schemes on the record
 * lifecycle with each one's standings, settlements and CSV.
 */
export default function IncentivesPage() {
  const { t } = useTranslation(['incentives', 'lifecycle']);
  const { filter, params, setParams } = useUrlFilter();
  const bits = useStore(menuStore).nodePermissions;
  const writes = hasBit(bits, 'create') || hasBit(bits, 'examine');
  const section: Section =
    params.get('view') === 'mine' || (!params.get('view') && !writes && !params.get('entity')) ? 'mine' : 'schemes';
  const [open, setOpen] = useState<IncentiveRow | null>(null);
  const statusOptions: Option[] = LIFECYCLE_STATUS_CODES.map((code) => ({
    value: code,
    label: t(`lifecycle:status.${STATUS_WORDS[code].key}`),
  }));
  return (
    <div className="vt-store" data-testid="incentives-page">
      {section === 'schemes' ? (
        <div className="vt-store-side">
          <FilterSidebar groups={['status', 'time']} statusOptions={statusOptions} />
        </div>
      ) : null}
      <div className="vt-store-main">
        <Segmented<Section>
          data-testid="incentives-switch"
          value={section}
          onChange={(v) => setParams(() => new URLSearchParams({ view: v }))}
          options={(['mine', 'schemes'] as const).map((s) => ({
            value: s,
            label: <span data-testid={`incentives-${s}`}>{t(`section.${s}`)}</span>,
          }))}
        />
        <div className="vt-store-table">
          {section === 'mine' ? (
            <MySchemes />
          ) : (
            <LifecycleTable
              config={incentiveConfig}
              filter={filter}
              rowExtra={(row) => (
                <Button type="link" size="small" data-testid={`row-progress-${row.id}`} onClick={() => setOpen(row)}>
                  {t('action.progress')}
                </Button>
              )}
            />
          )}
        </div>
      </div>
      <ProgressDrawer scheme={open} canExport={hasBit(bits, 'export')} onClose={() => setOpen(null)} />
    </div>
  );
}
