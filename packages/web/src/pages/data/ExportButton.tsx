import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { requestHeaders } from '../../api/client';

/**
 * Downloads a CSV export (stats/export by default, for the current filter; incentive/export). The call needs the session's headers, so it
 * is fetched (not a plain link) and read as it streams: the button shows how much has arrived.
 */
export function ExportButton({
  kind,
  body,
  path = 'stats/export',
}: {
  kind: string;
  body: Record<string, unknown>;
  path?: string;
}) {
  const { t } = useTranslation('data');
  const { message } = App.useApp();
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    setReceived(0);
    try {
      const query = new URLSearchParams({ kind });
      for (const [k, v] of Object.entries(body))
        if (v !== undefined && v !== null) query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      const res = await fetch(`/api/${path}?${query.toString()}`, { headers: requestHeaders() });
      if (!res.ok || !res.body || !String(res.headers.get('content-type')).startsWith('text/csv')) {
        const answer = (await res.json().catch(() => null)) as { msg?: string } | null;
        throw new Error(answer?.msg ?? t('export.failed'));
      }
      const reader = res.body.getReader();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value as Uint8Array<ArrayBuffer>);
        size += value.byteLength;
        setReceived(size);
      }
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `vitrine-${kind}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      void message.success(t('export.done'));
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={received !== null}
      onClick={() => void run()}
      data-testid={`export-${kind}`}
    >
      {received === null
        ? t('export.button')
        : t('export.progress', { size: Math.max(1, Math.round(received / 1024)) })}
    </Button>
  );
}
