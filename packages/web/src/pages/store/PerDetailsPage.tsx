import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { EmptyState } from '../../components/EmptyState';
import { useUrlFilter } from '../../components/FilterSidebar';
import { enumLabel, formatDate, formatTime } from '../../components/LifecycleTable';
import { StatusTag } from '../../components/StatusTag';
import { PageSpin } from '../../app/PageSpin';
import { GENDER_ENUM } from './entities';
import { DraftNotice, idParam, RecordActions } from './RecordActions';
import './store.css';

/** /store/per_details?id=: one employee. */
export default function PerDetailsPage() {
  const { t } = useTranslation(['store', 'lifecycle']);
  const navigate = useNavigate();
  const { params } = useUrlFilter();
  const id = idParam(params);
  const employee = useQuery({
    queryKey: keys.lifecycle.detail('employee', id ?? 0),
    queryFn: () => call(api.employee.get, { id: id ?? 0 }),
    enabled: id !== null,
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/store/store?entity=employee')}>
      {t('page.backToStores')}
    </Button>
  );

  if (id === null) return <EmptyState testId="detail-missing" title={t('page.missingId')} actions={back} />;
  if (employee.isPending) return <PageSpin />;
  if (employee.isError)
    return (
      <EmptyState
        testId="detail-not-found"
        title={t('page.notFound')}
        description={employee.error.message}
        actions={back}
      />
    );
  const e = employee.data;

  return (
    <div className="vt-detail" data-testid="per-details">
      <Card
        className="vt-detail-card"
        title={
          <Space>
            <UserOutlined />
            {e.name}
            <StatusTag status={e.liveVersion ? e.online : e.status} />
          </Space>
        }
        extra={
          <Space>
            {back}
            <RecordActions entity="employee" calls={api.employee} id={e.id} title={e.name} />
          </Space>
        }
      >
        <DraftNotice draft={e.draft} />
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('field.phone')}>{e.phone}</Descriptions.Item>
          <Descriptions.Item label={t('field.gender')}>{enumLabel(t, GENDER_ENUM, e.gender)}</Descriptions.Item>
          <Descriptions.Item label={t('field.shop')}>
            <Link to={`/store/manage_details?id=${e.shopId}`}>{e.shopName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.hireDate')}>{formatDate(e.hireDate)}</Descriptions.Item>
          <Descriptions.Item label={t('field.account')}>
            {e.userId ? <Tag color="green">{t('detail.linked')}</Tag> : <Tag>{t('detail.notLinked')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('lifecycle:column.author')}>{e.authorName}</Descriptions.Item>
          <Descriptions.Item label={t('lifecycle:column.mtime')}>{formatTime(e.mtime)}</Descriptions.Item>
          <Descriptions.Item label={t('lifecycle:history.reviewer')}>{e.reviewerName || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
