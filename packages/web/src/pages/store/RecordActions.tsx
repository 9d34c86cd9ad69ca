import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { CONTENT_STATUS } from '@vitrine/contract';
import { HistoryOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LifecycleCalls } from '../../components/LifecycleTable';
import { HistoryDrawer } from '../../components/LifecycleTable/HistoryDrawer';
import { LogDrawer } from '../../components/LifecycleTable/LogDrawer';

/** Versions and operation log of one record, for the detail pages. */
export function RecordActions({
  entity,
  calls,
  id,
  title,
}: {
  entity: string;
  calls: LifecycleCalls;
  id: number;
  title: string;
}) {
  const { t } = useTranslation('lifecycle');
  const [open, setOpen] = useState<'history' | 'logs' | null>(null);
  return (
    <Space>
      <Button icon={<HistoryOutlined />} data-testid="detail-history" onClick={() => setOpen('history')}>
        {t('action.history')}
      </Button>
      <Button icon={<ProfileOutlined />} data-testid="detail-logs" onClick={() => setOpen('logs')}>
        {t('action.logs')}
      </Button>
      <HistoryDrawer
        entity={entity}
        calls={calls}
        id={open === 'history' ? id : null}
        title={title}
        onClose={() => setOpen(null)}
      />
      <LogDrawer
        entity={entity}
        calls={calls}
        id={open === 'logs' ? id : null}
        title={title}
        onClose={() => setOpen(null)}
      />
    </Space>
  );
}

/** The draft in progress of an enabled record: its version and status, and the reviewer's reason when rejected. */
export function DraftNotice({ draft }: { draft: { version: number; status: number; reason: string } | null }) {
  const { t } = useTranslation(['store', 'lifecycle']);
  if (!draft) return null;
  const rejected = draft.status === CONTENT_STATUS.rejected;
  const status = draft.status === CONTENT_STATUS.submitted ? 'toBeReviewed' : rejected ? 'reject' : 'draft';
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={rejected ? 'warning' : 'info'}
      showIcon
      data-testid="draft-notice"
      title={t('detail.draft', { version: draft.version, status: t(`lifecycle:status.${status}`) })}
      description={rejected && draft.reason ? t('detail.rejectedBecause', { reason: draft.reason }) : undefined}
    />
  );
}

/** A record id from `?id=`; null when missing or malformed. */
export function idParam(params: URLSearchParams): number | null {
  const n = Number(params.get('id'));
  return Number.isInteger(n) && n > 0 ? n : null;
}
