import { Card, List, Space, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { formatTime } from '../enterprise/shared';

/** Recent logins (account/logins): when, last seen, where from, which one is this session. */
export function LoginsCard() {
  const { t } = useTranslation('center');
  const q = useQuery({ queryKey: keys.account.logins(), queryFn: async () => (await call(api.account.logins)).list });
  return (
    <Card
      title={
        <span>
          <HistoryOutlined /> {t('logins.title')}
        </span>
      }
      style={{ marginTop: 16 }}
      data-testid="center-logins"
    >
      <List
        size="small"
        loading={q.isPending}
        dataSource={q.data ?? []}
        locale={{ emptyText: t('logins.empty') }}
        renderItem={(l) => (
          <List.Item>
            <div style={{ width: '100%' }}>
              <Space wrap size={6}>
                <Typography.Text>{formatTime(l.ctime)}</Typography.Text>
                <Tag>{t(`logins.source.${l.source}`, { defaultValue: l.source })}</Tag>
                {l.current ? (
                  <Tag color="blue">{t('logins.current')}</Tag>
                ) : l.active ? (
                  <Tag color="green">{t('logins.active')}</Tag>
                ) : (
                  <Tag>{t('logins.ended')}</Tag>
                )}
              </Space>
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('logins.detail', { ip: l.ip || '—', seen: formatTime(l.lastSeen) })}
                </Typography.Text>
              </div>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
