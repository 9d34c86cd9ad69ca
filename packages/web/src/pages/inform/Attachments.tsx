import { App, Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type InformEntity } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { FileIcon, sizeText } from './FileIcon';

export type InformFile = { id: number; name: string; type: number; size: number; mime: string };

/** A record's attachments with the spec's icons; each opens through a signed address (inform/download). */
export function AttachmentList({ entity, id, files }: { entity: InformEntity; id: number; files: InformFile[] }) {
  const { t } = useTranslation('inform');
  const { message } = App.useApp();
  if (!files.length) return null;
  const open = async (f: InformFile) => {
    try {
      const { url } = await call(api[entity].download, { id, fileId: f.id });
      window.open(url, '_blank', 'noopener');
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };
  return (
    <div className="vt-files" data-testid="inform-files">
      {files.map((f) => (
        <div className="vt-file" key={f.id}>
          <FileIcon type={f.type} />
          <Typography.Text ellipsis style={{ maxWidth: 360 }}>
            {f.name}
          </Typography.Text>
          <Typography.Text type="secondary">{sizeText(f.size)}</Typography.Text>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            data-testid={`download-${f.id}`}
            onClick={() => void open(f)}
          >
            {t('download')}
          </Button>
        </div>
      ))}
    </div>
  );
}
