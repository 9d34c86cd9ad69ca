import { Avatar, Button, Card, Col, Descriptions, List, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { EditOutlined, UserOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Company, type RoleEntry } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { EnterpriseAvatar, EnterpriseStatusTag } from '../../app/layout/EnterpriseStatusTag';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { RoleTag } from '../enterprise/shared';
import { LoginsCard } from './LoginsCard';
import { maskPhone } from './mask';

function Enterprise({
  company,
  roles,
  loading,
  current,
}: {
  company: Company;
  roles: RoleEntry[];
  loading: boolean;
  current: string;
}) {
  const { t } = useTranslation('center');
  return (
    <List.Item data-testid={`center-ent-${company.companyCode}`}>
      <div style={{ display: 'flex', gap: 12, width: '100%' }}>
        <EnterpriseAvatar title={company.title} logo={company.logo} size={40} />
        <div style={{ flex: 1 }}>
          <Space wrap size={6}>
            <Typography.Text strong>{company.title}</Typography.Text>
            <EnterpriseStatusTag status={company.status} />
            {company.isMain === 1 ? <Tag color="gold">{t('main')}</Tag> : null}
          </Space>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('code', { code: company.companyCode })}
            </Typography.Text>
          </div>
          <div style={{ marginTop: 6, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
            {loading ? <Skeleton.Button size="small" active /> : null}
            {!loading && roles.length === 0 ? <Typography.Text type="secondary">{t('noRoles')}</Typography.Text> : null}
            {roles.map((r) => (
              <Tag key={r.roleNode} color={r.roleNode === current ? 'blue' : undefined} style={{ padding: '2px 8px' }}>
                {r.deptName} / {r.jobName} <RoleTag role={r.role} />
                {r.roleNode === current ? t('current') : ''}
              </Tag>
            ))}
          </div>
        </div>
      </div>
    </List.Item>
  );
}

/** /center/center: my profile, my enterprises with my role entries in each, recent logins. */
export default function CenterPage() {
  const { t } = useTranslation('center');
  const navigate = useNavigate();
  const { roleItem } = useStore(appStore);
  const info = useQuery({ queryKey: keys.account.info(), queryFn: () => call(api.account.info) });
  const companies = info.data?.companyList ?? [];
  const roles = useQueries({
    queries: companies.map((c) => ({
      queryKey: keys.account.roles(c.companyCode),
      queryFn: async () => (await call(api.account.roles, { enCode: c.companyCode })).list,
      // An enterprise under review or rejected has no usable roles yet.
      enabled: c.status === 1,
    })),
  });

  if (info.isPending) return <Skeleton active />;
  const me = info.data;
  return (
    <div data-testid="center-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card
            title={t('profile')}
            extra={
              <Button
                icon={<EditOutlined />}
                onClick={() => void navigate('/center/centerEditor')}
                data-testid="center-edit"
              >
                {t('edit')}
              </Button>
            }
          >
            <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
              <Avatar size={64} src={me?.avatar || undefined} icon={<UserOutlined />} />
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('nickname')}>
                  <span data-testid="center-nickname">{me?.nickname || '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('phone')}>
                  <span data-testid="center-phone">{maskPhone(me?.userName ?? '')}</span>
                </Descriptions.Item>
              </Descriptions>
            </div>
          </Card>
          <LoginsCard />
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('enterprises')} data-testid="center-enterprises">
            <List
              dataSource={companies}
              locale={{ emptyText: t('noEnterprises') }}
              renderItem={(c, i) => (
                <Enterprise
                  company={c}
                  roles={roles[i]?.data ?? []}
                  loading={roles[i]?.isLoading ?? false}
                  current={roleItem.roleNode ?? ''}
                />
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
