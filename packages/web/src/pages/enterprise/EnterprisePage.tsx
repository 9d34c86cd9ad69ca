import type { ComponentType } from 'react';
import { Tabs, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { AppliesTab } from './AppliesTab';
import { DeptTab } from './DeptTab';
import { InfoTab } from './InfoTab';
import { InviteTab } from './InviteTab';
import { JobTab } from './JobTab';
import { MembersTab } from './MembersTab';
import { OplogTab } from './OplogTab';
import { PermissionTab } from './PermissionTab';

export const ENTERPRISE_TABS = [
  'info',
  'depts',
  'jobs',
  'permissions',
  'members',
  'applies',
  'invites',
  'oplog',
] as const;
type TabKey = (typeof ENTERPRISE_TABS)[number];

const PANES: Record<TabKey, ComponentType> = {
  info: InfoTab,
  depts: DeptTab,
  jobs: JobTab,
  permissions: PermissionTab,
  members: MembersTab,
  applies: AppliesTab,
  invites: InviteTab,
  oplog: OplogTab,
};

const isTab = (v: string | null): v is TabKey => (ENTERPRISE_TABS as readonly (string | null)[]).includes(v);

/** /enterprise: the main admin runs the enterprise here (the server refuses everyone else too). */
export default function EnterprisePage() {
  const { t } = useTranslation(['enterprise', 'common']);
  const { mainFlag } = useStore(appStore);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const active: TabKey = isTab(raw) ? raw : 'info';

  if (mainFlag !== 1) {
    return (
      <EmptyState
        testId="enterprise-denied"
        icon={<LockOutlined />}
        title={t('common:msg.noPermission')}
        description={t('denied')}
      />
    );
  }
  const Pane = PANES[active];
  return (
    <div data-testid="enterprise-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(k) => setParams(k === 'info' ? {} : { tab: k }, { replace: true })}
        items={ENTERPRISE_TABS.map((k) => ({
          key: k,
          label: <span data-testid={`ent-tab-${k}`}>{t(`tab.${k}`)}</span>,
        }))}
      />
      <Pane />
    </div>
  );
}
