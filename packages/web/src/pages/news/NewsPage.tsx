import { useCallback, useState } from 'react';
import { App, Badge, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { TabsWithTools } from '../../components/TabsWithTools/TabsWithTools';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS, type MessageItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { formatTime, useErrorToast } from '../enterprise/shared';
import { MessageDrawer } from './MessageDrawer';
import { useMarkRead } from './useMessages';

type Tab = 'all' | 'unread' | 'read';
const STATUS: Record<Tab, number | undefined> = {
  all: undefined,
  unread: MESSAGE_STATUS.unread,
  read: MESSAGE_STATUS.read,
};

/** /news: my messages in this enterprise, newest first; unread 401 / read 402. */
export default function NewsPage() {
  const { t } = useTranslation(['news', 'common']);
  const { message } = App.useApp();
  const onError = useErrorToast();
  const [tab, setTab] = useState<Tab>('unread');
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const filter = { status: STATUS[tab] };
  const mark = useMarkRead(onError);

  const markSelected = () =>
    mark.mutate(
      { ids: selected },
      {
        onSuccess: (r) => {
          setSelected([]);
          void message.success(t('marked', { count: r.count }));
        },
      },
    );
  const markAll = () => mark.mutate('all', { onSuccess: (r) => void message.success(t('marked', { count: r.count })) });
  const { mutate } = mark;
  const onRead = useCallback((id: number) => mutate({ ids: [id] }), [mutate]);

  return (
    <div data-testid="news-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card>
        <TabsWithTools
          activeKey={tab}
          onChange={(k) => {
            setTab(k === 'all' || k === 'read' ? k : 'unread');
            setSelected([]);
          }}
          items={(['unread', 'read', 'all'] as const).map((k) => ({
            key: k,
            label: <span data-testid={`news-tab-${k}`}>{t(`tab.${k}`)}</span>,
          }))}
          tools={
            <Space>
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                loading={mark.isPending}
                onClick={markSelected}
                data-testid="news-mark-selected"
              >
                {t('markSelected', { count: selected.length })}
              </Button>
              <Popconfirm
                title={t('markAllConfirm')}
                okText={t('common:action.ok')}
                cancelText={t('common:action.cancel')}
                onConfirm={markAll}
              >
                <Button data-testid="news-mark-all">{t('markAll')}</Button>
              </Popconfirm>
            </Space>
          }
        />
        <PagedTable<MessageItem>
          source={{
            key: (pageNum) => keys.message.list({ ...filter, pageNum }),
            fetch: (page) => call(api.message.list, { ...filter, ...page }),
          }}
          empty={t(`empty.${tab}`)}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (k) => setSelected(k.map(Number)),
            getCheckboxProps: (m) => ({ disabled: m.status !== MESSAGE_STATUS.unread }),
          }}
          onRow={(m) => ({ onClick: () => setOpenId(m.id), style: { cursor: 'pointer' } })}
          columns={[
            {
              title: t('col.title'),
              key: 'title',
              render: (_v, m) => (
                <Space wrap size={[8, 0]}>
                  <Badge status={m.status === MESSAGE_STATUS.unread ? 'processing' : 'default'} />
                  <span style={{ fontWeight: m.status === MESSAGE_STATUS.unread ? 600 : 400 }}>{m.title}</span>
                  {/* on a phone the time is read under the title, the columns beside it give way (issue 25 §3) */}
                  <Typography.Text type="secondary" className="vt-xs-only">
                    {formatTime(m.ctime)}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('col.body'),
              key: 'body',
              ellipsis: true,
              responsive: ['md'],
              render: (_v, m) => <Typography.Text type="secondary">{m.body}</Typography.Text>,
            },
            {
              title: t('col.status'),
              key: 'status',
              width: 90,
              responsive: ['md'],
              render: (_v, m) => t(m.status === MESSAGE_STATUS.unread ? 'status.unread' : 'status.read'),
            },
            {
              title: t('col.time'),
              key: 'time',
              width: 160,
              responsive: ['sm'],
              render: (_v, m) => formatTime(m.ctime),
            },
          ]}
        />
      </Card>
      <MessageDrawer id={openId} onClose={() => setOpenId(null)} onRead={onRead} />
    </div>
  );
}
