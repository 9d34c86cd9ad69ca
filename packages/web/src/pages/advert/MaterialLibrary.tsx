import { useRef, useState } from 'react';
import {
  App,
  Button,
  Card,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Segmented,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  AppstoreOutlined,
  BarsOutlined,
  DeleteOutlined,
  EditOutlined,
  UploadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLOAD_RULES } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import { EmptyState } from '../../components/EmptyState';
import { usePaged } from '../../components/PagedTable';
import { stepsFor } from '../../components/Upload/transport';
import { uploadOnce } from '../../components/Upload/uploadOnce';
import { hasBit } from '../../components/LifecycleTable';
import { formatBytes, formatSeconds, mediaOf, type MaterialRow, type MaterialType } from './materials';
import { capturePoster } from './poster';
import { MaterialThumb } from './widgets/MaterialThumb';

const PAGE = 20;
const ACCEPT = [...new Set(UPLOAD_RULES.material.flatMap((r) => [r.mime, `.${r.ext}`]))].join(',');
type Upload = { name: string; percent: number; error?: string };

/** Uploads one material: its bytes (once per content), a video's poster frame, then the library entry. */
async function uploadMaterial(file: File, onProgress: (p: number) => void) {
  const { file: stored } = await uploadOnce(file, stepsFor('material'), onProgress);
  let posterId: number | undefined;
  if (file.type.startsWith('video/')) {
    const poster = await capturePoster(file);
    if (poster) posterId = (await uploadOnce(poster, stepsFor('poster'), () => undefined).catch(() => null))?.file.id;
  }
  await call(api.file.save, {
    id: stored.id,
    title: file.name.replace(/\.[^.]+$/, '').slice(0, 100) || file.name,
    posterId,
  });
}

/** The materials library: grid or list, type and keyword filters, upload with progress, rename, delete. */
export function MaterialLibrary({ bits }: { bits: readonly number[] }) {
  const { t } = useTranslation('advert');
  const { message } = App.useApp();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<MaterialType | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [renaming, setRenaming] = useState<MaterialRow | null>(null);
  const [title, setTitle] = useState('');
  const filter = { type: type === 'all' ? undefined : type, keyword: keyword || undefined };
  const paged = usePaged({
    key: (pageNum) => keys.material.list({ ...filter, pageNum, pageSize: PAGE }),
    fetch: (page) => call(api.material.list, { ...filter, ...page }),
    pageSize: PAGE,
  });
  const list = paged.query;
  const refresh = () => client.invalidateQueries({ queryKey: keys.material.all });

  const upload = async (files: File[]) => {
    setUploads(files.map((f) => ({ name: f.name, percent: 0 })));
    const patch = (i: number, p: Partial<Upload>) =>
      setUploads((prev) => prev.map((u, j) => (j === i ? { ...u, ...p } : u)));
    let ok = 0;
    for (const [i, file] of files.entries()) {
      try {
        await uploadMaterial(file, (percent) => patch(i, { percent }));
        patch(i, { percent: 100 });
        ok += 1;
      } catch (err) {
        patch(i, { error: err instanceof Error ? err.message : String(err) });
      }
    }
    if (ok) void message.success(t('done.upload'));
    await refresh();
    setUploads((prev) => prev.filter((u) => u.error));
  };
  const remove = async (row: MaterialRow) => {
    try {
      await call(api.material.delete, { id: row.id });
      void message.success(t('done.delete'));
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };
  const rename = async () => {
    if (!renaming) return;
    try {
      await call(api.material.rename, { id: renaming.id, title });
      void message.success(t('done.rename'));
      setRenaming(null);
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };

  const facts = (m: MaterialRow) =>
    [
      formatBytes(m.size),
      m.width && m.height ? `${m.width}×${m.height}` : null,
      m.duration ? formatSeconds(m.duration * 1000) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const used = (m: MaterialRow) =>
    m.usedBy.length + m.products ? (
      <Tooltip
        title={[
          ...m.usedBy.map((u) => u.name),
          ...(m.products ? [t('material.products', { count: m.products })] : []),
        ].join('、')}
      >
        <Tag color="blue" data-testid={`material-used-${m.id}`}>
          {t('material.usedBy')} {m.usedBy.length + m.products}
        </Tag>
      </Tooltip>
    ) : (
      <Tag>{t('material.unused')}</Tag>
    );
  const advice = (m: MaterialRow) =>
    m.advice ? (
      <Tooltip title={t('material.advice')}>
        <WarningOutlined style={{ color: '#faad14' }} aria-label={t('material.advice')} />
      </Tooltip>
    ) : null;
  const tools = (m: MaterialRow) => (
    <Space size={0}>
      {hasBit(bits, 'update') ? (
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={t('action.rename')}
          data-testid={`material-rename-${m.id}`}
          onClick={() => {
            setRenaming(m);
            setTitle(m.title);
          }}
        />
      ) : null}
      {hasBit(bits, 'delete') ? (
        <Popconfirm title={t('confirm.deleteMaterial', { name: m.title })} onConfirm={() => remove(m)}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('action.delete')}
            data-testid={`material-delete-${m.id}`}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );

  const rows = list.data?.list ?? [];
  const empty = !list.isLoading && !rows.length && type === 'all' && !keyword;
  return (
    <div data-testid="material-library">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Segmented<MaterialType | 'all'>
          data-testid="material-type"
          value={type}
          onChange={setType}
          options={(['all', 'image', 'video', 'audio'] as const).map((v) => ({ value: v, label: t(`material.${v}`) }))}
        />
        <Input.Search allowClear placeholder={t('material.search')} style={{ width: 240 }} onSearch={setKeyword} />
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'grid' | 'list')}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, title: t('material.grid') },
            { value: 'list', icon: <BarsOutlined />, title: t('material.list') },
          ]}
        />
        <div style={{ flex: 1 }} />
        {hasBit(bits, 'create') ? (
          <Button
            type="primary"
            icon={<UploadOutlined />}
            data-testid="material-upload"
            onClick={() => input.current?.click()}
            loading={uploads.some((u) => u.percent < 100 && !u.error)}
          >
            {t('action.upload')}
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          data-testid="material-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void upload(files);
          }}
        />
      </div>
      {uploads.map((u) => (
        <div key={u.name} data-testid="material-progress" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Typography.Text ellipsis style={{ width: 220 }}>
            {u.name}
          </Typography.Text>
          <Progress percent={u.percent} status={u.error ? 'exception' : undefined} style={{ flex: 1 }} />
          {u.error ? <Typography.Text type="danger">{u.error}</Typography.Text> : null}
        </div>
      ))}
      {empty ? (
        <EmptyState testId="material-empty" title={t('material.emptyTitle')} description={t('material.emptyHint')} />
      ) : view === 'grid' ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 }}>
          {(list.isLoading ? Array.from({ length: 8 }, () => null) : rows).map((m, i) => (
            <Card
              key={m?.id ?? `s${i}`}
              size="small"
              loading={!m}
              data-testid={m ? `material-${m.id}` : undefined}
              cover={m ? <MaterialThumb row={m} size={240} fill /> : undefined}
            >
              {m ? (
                <>
                  <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                    <Typography.Text strong ellipsis style={{ flex: 1 }}>
                      {m.title}
                    </Typography.Text>
                    {advice(m)}
                    {tools(m)}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`material.${mediaOf(m.mime)}`)} · {facts(m)}
                  </Typography.Text>
                  <div style={{ marginTop: 4 }}>{used(m)}</div>
                </>
              ) : null}
            </Card>
          ))}
        </div>
      ) : (
        <Table<MaterialRow>
          rowKey="id"
          size="small"
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          columns={[
            { key: 'thumb', width: 80, render: (_, m) => <MaterialThumb row={m} size={64} /> },
            {
              key: 'title',
              title: t('material.title'),
              render: (_, m) => (
                <Space>
                  {m.title}
                  {advice(m)}
                </Space>
              ),
            },
            { key: 'type', title: t('field.adType'), render: (_, m) => t(`material.${mediaOf(m.mime)}`) },
            { key: 'facts', title: t('material.dimensions'), render: (_, m) => facts(m) },
            { key: 'used', title: t('material.usedBy'), render: (_, m) => used(m) },
            { key: 'tools', width: 90, render: (_, m) => tools(m) },
          ]}
        />
      )}
      {paged.table.pagination.total > PAGE ? (
        <Pagination style={{ marginTop: 16, textAlign: 'right' }} {...paged.table.pagination} />
      ) : null}
      <Modal
        open={!!renaming}
        title={t('action.rename')}
        onCancel={() => setRenaming(null)}
        onOk={() => void rename()}
        okButtonProps={{ disabled: !title.trim() }}
      >
        <Input value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} data-testid="material-title" />
      </Modal>
    </div>
  );
}
