import { useRef, useState } from 'react';
import { App, Button, Modal, Space, Table, Tag, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_ACTIONS, IMPORT_MAX_BYTES, type BodyOf, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call, requestHeaders } from '../../api/client';

/** The spreadsheet imports there are: products (/advert) and sales lines (/data/count). */
type ImportCall = typeof api.commodity.import | typeof api.sale.import;
type Answer<C extends ImportCall> = ResultOf<C>;
type Row<C extends ImportCall> = Answer<C>['rows'][number];
const COLOURS: Record<string, string> = { create: 'green', update: 'blue', same: 'default', error: 'red' };

const base64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('read'));
    r.readAsDataURL(file);
  });

/** Downloads a GET template with the session's headers. */
async function download(path: string, file: string) {
  const res = await fetch(`/api/${path}`, { headers: requestHeaders() });
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An import from a CSV or XLSX file: the template, a preview of each row's action and errors (10 a
 * page, counts as tags), then the import of the rows without errors. The texts are the `import.*`
 * keys of the namespace `ns` (button, title, hint, done, commit, action.<action>, …).
 */
export function ImportDialog<C extends ImportCall>({
  def,
  template,
  ns,
  columns,
  onDone,
  testId,
}: {
  def: C;
  template: { path: string; file: string };
  /** the namespace that holds the `import.*` texts */
  ns: 'advert' | 'data';
  /** the file's columns, shown between the line number and the action */
  columns: TableColumnsType<Row<C>>;
  /** after a commit (refresh what the rows changed) */
  onDone: () => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [preview, setPreview] = useState<Answer<C> | null>(null);
  const [busy, setBusy] = useState(false);
  const counts = (preview?.counts ?? {}) as Partial<Record<(typeof IMPORT_ACTIONS)[number], number>>;
  const good = (counts.create ?? 0) + (counts.update ?? 0);

  const run = async (mode: 'preview' | 'commit', f = file) => {
    if (!f) return;
    setBusy(true);
    try {
      const r = (await call(def, { name: f.name, file: f.data, mode } as BodyOf<C>)) as Answer<C>;
      if (mode === 'commit') {
        void message.success(
          t('import.done', { n: r.written, count: r.written, same: (r.counts as Record<string, number>).same ?? 0 }),
        );
        await onDone();
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

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('import.button')}
      </Button>
      <Modal
        open={open}
        width={900}
        title={t('import.title')}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        okText={t('import.commit', { n: good, count: good })}
        okButtonProps={{ disabled: !good, loading: busy, 'data-testid': 'import-commit' } as ButtonProps}
        onOk={() => void run('commit')}
      >
        <Space style={{ marginBottom: 12 }} wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download(template.path, template.file)}
            data-testid="import-template"
          >
            {t('import.template')}
          </Button>
          <Button
            icon={<UploadOutlined />}
            loading={busy && !preview}
            onClick={() => input.current?.click()}
            data-testid="import-choose"
          >
            {file ? file.name : t('import.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-input"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void pick(f);
            }}
          />
        </Space>
        <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
        {preview ? (
          <>
            <Space style={{ marginBottom: 8 }} data-testid="import-counts">
              {IMPORT_ACTIONS.filter((a) => counts[a] !== undefined).map((a) => (
                <Tag key={a} color={COLOURS[a]}>
                  {t(`import.action.${a}`)} {counts[a]}
                </Tag>
              ))}
            </Space>
            <Table<Row<C>>
              rowKey="line"
              size="small"
              data-testid="import-preview"
              dataSource={preview.rows as Row<C>[]}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('import.line'), dataIndex: 'line', key: 'line', width: 60 },
                ...columns,
                {
                  title: t('import.actionTitle'),
                  key: 'action',
                  width: 100,
                  render: (_v, r) => <Tag color={COLOURS[r.action]}>{t(`import.action.${r.action}`)}</Tag>,
                },
                {
                  title: t('import.errors'),
                  key: 'errors',
                  render: (_v, r) =>
                    r.errors.map((e, i) => (
                      <Typography.Text key={i} type="danger" style={{ display: 'block' }}>
                        {e.message}
                      </Typography.Text>
                    )),
                },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
