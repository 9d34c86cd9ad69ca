import { useEffect, useRef, useState } from 'react';
import { App, Button, Drawer, Input, List, Segmented, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { CameraOutlined, CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INFORM_ENTITIES, PAGE_SIZE, type FileRecord, type InformEntity, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { stepsFor } from '../../components/Upload/transport';
import { uploadOnce } from '../../components/Upload/uploadOnce';
import { ApiError, call } from '../../api/client';
import { formatTime } from '../../components/LifecycleTable/columns';
import { EmptyState } from '../../components/EmptyState';
import { AttachmentList } from './Attachments';
import { PriorityTag } from './PriorityTag';
import { RichTextView } from './RichText';
import { keys } from '../../api/keys';
import { usePaged } from '../../components/PagedTable';

export type ReceivedItem = ResultOf<typeof api.inform.received>['list'][number];

/** What was sent to me: notifications to confirm and announcements to read, newest and undone first. */
export function Received({ focus }: { focus?: { entity: InformEntity; id: number } }) {
  const { t } = useTranslation('inform');
  const [entity, setEntity] = useState<InformEntity>(focus?.entity ?? 'inform');
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState<ReceivedItem | null>(null);
  const paged = usePaged({
    key: (pageNum) => keys.inform.received(entity, pending, pageNum),
    fetch: (page) => call(api[entity].received, { ...page, ...(pending ? { pending: 1 } : {}) }),
  });
  const q = paged.query;
  // a message's link opens its record here
  useEffect(() => {
    if (!focus || focus.entity !== entity || !q.data) return;
    const hit = q.data.list.find((r) => r.id === focus.id);
    if (hit) setOpen(hit);
  }, [focus, entity, q.data]);
  const done = (r: ReceivedItem) => (entity === 'inform' ? r.confirmedAt : r.readAt) !== null;
  return (
    <div data-testid="inform-received">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<InformEntity>
          value={entity}
          onChange={setEntity}
          options={INFORM_ENTITIES.map((e) => ({
            value: e,
            label: <span data-testid={`received-${e}`}>{t(`entity.${e}`)}</span>,
          }))}
        />
        <Space size={6}>
          <Switch
            size="small"
            checked={pending}
            onChange={setPending}
            aria-label={t(`received.pendingOnly.${entity}`)}
            data-testid="received-pending"
          />
          <Typography.Text>{t(`received.pendingOnly.${entity}`)}</Typography.Text>
        </Space>
      </Space>
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <List<ReceivedItem>
          dataSource={paged.table.dataSource}
          locale={{
            emptyText: (
              <EmptyState
                testId="received-empty"
                title={t(`received.empty.${entity}`)}
                description={t('received.emptyHelp')}
              />
            ),
          }}
          pagination={paged.table.pagination.total > PAGE_SIZE ? paged.table.pagination : false}
          renderItem={(r) => (
            <List.Item
              className={`vt-received-item${done(r) ? '' : ' vt-pending'}`}
              data-testid={`received-${entity}-${r.id}`}
              onClick={() => setOpen(r)}
              actions={[<ReceivedState key="s" entity={entity} item={r} />]}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    <PriorityTag priority={r.priority} />
                    <span className="vt-received-title">{r.title}</span>
                  </Space>
                }
                description={
                  <Typography.Text type="secondary">
                    {t('received.from', { name: r.authorName, time: formatTime(r.sentAt) })}
                    {r.deadline ? ` · ${t('received.deadline', { time: formatTime(r.deadline) })}` : ''}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
      <ReceivedDrawer entity={entity} item={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function ReceivedState({ entity, item }: { entity: InformEntity; item: ReceivedItem }) {
  const { t } = useTranslation('inform');
  if (entity === 'inform' && item.confirmedAt)
    return (
      <Tag color="success" icon={<CheckCircleFilled />}>
        {t('state.confirmed')}
      </Tag>
    );
  if (entity === 'inform2' && item.readAt) return <Tag>{t('state.read')}</Tag>;
  if (item.overdue)
    return (
      <Tag color="error" icon={<ClockCircleOutlined />}>
        {t('state.overdue')}
      </Tag>
    );
  return <Tag color="processing">{t(entity === 'inform' ? 'state.toConfirm' : 'state.unread')}</Tag>;
}

/** One received record: its text and files; a notification is confirmed here (with an optional reply), an announcement is read by opening it. */
function ReceivedDrawer({
  entity,
  item,
  onClose,
}: {
  entity: InformEntity;
  item: ReceivedItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inform');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [reply, setReply] = useState('');
  const [photo, setPhoto] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ReceivedItem | null>(item);
  useEffect(() => {
    setShown(item);
    setReply(item?.reply ?? '');
    setPhoto(null);
  }, [item]);
  const check = async (silent: boolean) => {
    if (!shown) return;
    setBusy(true);
    try {
      const next = await call(api[entity].check, { id: shown.id, reply, ...(photo ? { photoId: photo.id } : {}) });
      setShown(next as ReceivedItem);
      if (!silent) void message.success(t('done.confirmed'));
      await client.invalidateQueries({ queryKey: keys.inform.allReceived(entity) });
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };
  // opening an announcement reads it
  useEffect(() => {
    if (entity === 'inform2' && item && !item.readAt) void check(true);
  }, [item]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Drawer
      open={!!item}
      onClose={onClose}
      size="large"
      title={shown?.title}
      destroyOnHidden
      data-testid="received-drawer"
    >
      {shown ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <PriorityTag priority={shown.priority} />
            <ReceivedState entity={entity} item={shown} />
            <Typography.Text type="secondary">
              {t('received.from', { name: shown.authorName, time: formatTime(shown.sentAt) })}
            </Typography.Text>
          </Space>
          {shown.deadline ? (
            <Typography.Text type={shown.overdue ? 'danger' : undefined}>
              {t('received.deadline', { time: formatTime(shown.deadline) })}
            </Typography.Text>
          ) : null}
          <RichTextView html={shown.body} />
          <AttachmentList entity={entity} id={shown.id} files={shown.files} />
          {entity === 'inform' ? (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>{t('received.reply')}</Typography.Text>
              <Input.TextArea
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                maxLength={500}
                showCount
                rows={3}
                placeholder={t('received.replyPlaceholder')}
                aria-label={t('received.reply')}
                data-testid="received-reply"
              />
              <PhotoPick value={photo} onChange={setPhoto} />
              <Button type="primary" loading={busy} onClick={() => void check(false)} data-testid="received-confirm">
                {shown.confirmedAt ? t('received.updateReply') : t('received.confirm')}
              </Button>
              {shown.confirmedAt ? (
                <Typography.Text type="success">
                  {t('received.confirmedAt', { time: formatTime(shown.confirmedAt) })}
                </Typography.Text>
              ) : null}
            </Space>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}

/** An optional photo with the confirmation (a picture uploaded as kind attachment). */
function PhotoPick({
  value,
  onChange,
}: {
  value: { id: number; name: string } | null;
  onChange: (v: { id: number; name: string } | null) => void;
}) {
  const { t } = useTranslation('inform');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const pick = async (file: File) => {
    try {
      const out = await uploadOnce<FileRecord>(file, stepsFor('attachment'), setPercent);
      onChange({ id: out.file.id, name: out.file.name });
    } catch (err) {
      if (!(err instanceof ApiError && err.handled))
        void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setPercent(null);
    }
  };
  return (
    <Space>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        style={{ display: 'none' }}
        data-testid="received-photo-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void pick(f);
        }}
      />
      <Button
        icon={<CameraOutlined />}
        loading={percent !== null}
        onClick={() => input.current?.click()}
        data-testid="received-photo"
      >
        {percent !== null ? `${percent}%` : t('received.photo')}
      </Button>
      {value ? (
        <Typography.Text type="secondary">
          {value.name}
          <Button
            type="text"
            size="small"
            aria-label={t('attachments.remove', { name: value.name })}
            onClick={() => onChange(null)}
          >
            ×
          </Button>
        </Typography.Text>
      ) : null}
    </Space>
  );
}
