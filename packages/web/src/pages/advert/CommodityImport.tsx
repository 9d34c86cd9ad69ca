import { useRef, useState } from 'react';
import { App, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, IMPORT_MAX_BYTES, type ResultOf } from '@vitrine/contract';
import { ApiError, call, requestHeaders } from '../../api/client';
import { keys } from '../../api/keys';

type Result = ResultOf<typeof api.commodity.import>;
const COLOURS = { create: 'green', update: 'blue', same: 'default', error: 'red' } as const;

const base64 = (file: File) => new Promise<string>((resolve, reject) => {
  const r = new FileReader();
  r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
  r.onerror = () => reject(r.error ?? new Error('read'));
  r.readAsDataURL(file);
});

/** Products from a CSV or XLSX file: the template, a preview with each row's action and errors, then the import. */
export function CommodityImport() {
  const { t } = useTranslation('advert');
  const { message } = App.useApp();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [preview, setPreview] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (mode: 'preview' | 'commit', f = file) => {
    if (!f) return;
    setBusy(true);
    try {
      const r = await call(api.commodity.import, { name: f.name, file: f.data, mode });
      if (mode === 'commit') {
        void message.success(t('import.done', { n: r.written }));
        await client.invalidateQueries({ queryKey: keys.lifecycle.all('commodity') });
        setOpen(false);
        setFile(null);
        setPreview(null);
      } else setPreview(r);
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };
  const pick = async (f: File) => {
    if (f.size > IMPORT_MAX_BYTES) return void message.error(t('import.tooLarge'));
    const next = { name: f.name, data: await base64(f) };
    setFile(next);
    await run('preview', next);
  };
  const template = async () => {
    const res = await fetch('/api/commodity/import-template', { headers: requestHeaders() });
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = 'vitrine-products-template.xlsx';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const good = preview ? preview.counts.create + preview.counts.update : 0;

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="commodity-import">{t('import.button')}</Button>
      <Modal
        open={open} width={860} title={t('import.title')} destroyOnHidden onCancel={() => setOpen(false)}
        okText={t('import.commit', { n: good })} okButtonProps={{ disabled: !good, loading: busy }} onOk={() => void run('commit')}
      >
        <Space style={{ marginBottom: 12 }} wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void template()} data-testid="import-template">{t('import.template')}</Button>
          <Button icon={<UploadOutlined />} loading={busy && !preview} onClick={() => input.current?.click()} data-testid="import-choose">{file ? file.name : t('import.choose')}</Button>
          <input ref={input} type="file" hidden accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-input" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void pick(f); }} />
        </Space>
        <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
        {preview ? (
          <>
            <Space style={{ marginBottom: 8 }} data-testid="import-counts">
              {(['create', 'update', 'same', 'error'] as const).map((a) => <Tag key={a} color={COLOURS[a]}>{t(`import.action.${a}`)} {preview.counts[a]}</Tag>)}
            </Space>
            <Table
              rowKey="line" size="small" data-testid="import-preview" dataSource={preview.rows} pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: t('import.line'), dataIndex: 'line', key: 'line', width: 60 },
                { title: t('field.code'), dataIndex: 'code', key: 'code', width: 120 },
                { title: t('field.name'), dataIndex: 'name', key: 'name', ellipsis: true },
                { title: t('import.actionTitle'), key: 'action', width: 100, render: (_v, r) => <Tag color={COLOURS[r.action]}>{t(`import.action.${r.action}`)}</Tag> },
                { title: t('import.errors'), key: 'errors', render: (_v, r) => <Typography.Text type="danger">{r.errors.map((e) => e.message).join('；')}</Typography.Text> },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
