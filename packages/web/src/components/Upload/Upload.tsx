import { useRef, useState } from 'react';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { acceptOf, checkFile, sizeAdvice, type UploadKind } from './hints';
import { stepsFor } from './transport';
import { uploadOnce } from './uploadOnce';

export type FileUploadProps = {
  kind: UploadKind;
  /** The stored file's URL (antd Form control: value / onChange). */
  value?: string;
  onChange?: (url: string) => void;
  testId?: string;
};

function readImageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** Upload with the spec's hints, a client-side check, a SHA-256 "already uploaded?" probe and progress. */
export function FileUpload({ kind, value, onChange, testId = `upload-${kind}` }: FileUploadProps) {
  const { t } = useTranslation('upload');
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const steps = stepsFor(kind);

  const pick = async (file: File) => {
    setError(null);
    setNote(null);
    const problem = checkFile(kind, file);
    if (problem) {
      setError(t(problem.key));
      return;
    }
    const size = await readImageSize(file);
    if (size && sizeAdvice(kind, size.width, size.height)) setNote(t('advice.size', size));
    try {
      const outcome = await uploadOnce(file, steps, setPercent);
      if (outcome.reused) setNote(t('reused'));
      onChange?.(outcome.file.publicUrl ?? outcome.file.url);
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPercent(null);
    }
  };

  const image = kind !== 'material';
  return (
    <div data-testid={testId}>
      <Space align="start" size={16} wrap>
        {image && value ? (
          <img
            src={value}
            alt=""
            width={64}
            height={64}
            style={{ borderRadius: 8, objectFit: 'cover', border: '1px solid #eee' }}
          />
        ) : null}
        <Space orientation="vertical" size={4}>
          <Space>
            <Button
              icon={<UploadOutlined />}
              loading={percent !== null}
              onClick={() => input.current?.click()}
              data-testid={`${testId}-button`}
            >
              {value ? t('replace') : t('choose')}
            </Button>
            {value && onChange ? (
              <Button
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => onChange('')}
                data-testid={`${testId}-clear`}
              >
                {t('clear')}
              </Button>
            ) : null}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`hint.${kind}`)}
          </Typography.Text>
        </Space>
      </Space>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept={acceptOf(kind)}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void pick(file);
        }}
      />
      {percent !== null ? <Progress percent={percent} size="small" data-testid={`${testId}-progress`} /> : null}
      {note ? (
        <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} data-testid={`${testId}-error`} />
      ) : null}
    </div>
  );
}
