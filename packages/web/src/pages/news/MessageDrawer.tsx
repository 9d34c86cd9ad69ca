import { useEffect, useRef } from 'react';
import { Button, Drawer, Skeleton, Tag, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { formatTime } from '../enterprise/shared';

type Props = { id: number | null; onClose: () => void; onRead: (id: number) => void };

/** In-app links navigate inside the console; anything else opens in a new tab. */
export function isInternal(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

export function MessageDrawer({ id, onClose, onRead }: Props) {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: keys.message.info(id ?? 0),
    queryFn: () => call(api.message.info, { id: id ?? 0 }),
    enabled: id !== null,
  });
  const msg = q.data;

  // Opening a message reads it: mark it read once (message/info itself does not).
  const marked = useRef(new Set<number>());
  useEffect(() => {
    if (!msg || msg.status !== MESSAGE_STATUS.unread || marked.current.has(msg.id)) return;
    marked.current.add(msg.id);
    onRead(msg.id);
  }, [msg, onRead]);

  const open = (link: string) => {
    if (isInternal(link)) {
      onClose();
      void navigate(link);
    } else {
      window.open(link, '_blank', 'noopener,noreferrer');
    }
  };

  return (
    <Drawer open={id !== null} onClose={onClose} size={480} title={msg?.title ?? t('detail')} data-testid="news-drawer">
      {q.isPending ? (
        <Skeleton active />
      ) : msg ? (
        <div data-testid="news-detail">
          <Typography.Paragraph type="secondary">
            {formatTime(msg.ctime)} {msg.kind ? <Tag>{t(`kind.${msg.kind}`, { defaultValue: msg.kind })}</Tag> : null}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{msg.body}</Typography.Paragraph>
          {msg.link ? (
            <Button type="primary" icon={<LinkOutlined />} onClick={() => open(msg.link)} data-testid="news-link">
              {t('openLink')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
