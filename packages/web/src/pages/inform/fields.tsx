import { useRef, useState } from 'react';
import { Button, Checkbox, DatePicker, Progress, Space, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { dayjs } from '../../i18n/dayjs';
import { fromPicker, toPicker } from '../../i18n/time';
import { useTranslation } from 'react-i18next';
import { INFORM_ATTACHMENTS_MAX, ROLES, type FileRecord } from '@vitrine/contract';
import { keyEnum } from '../../i18n/keys';
import { ApiError } from '../../api/client';
import { acceptOf, checkFile } from '../../components/Upload/hints';
import { stepsFor } from '../../components/Upload/transport';
import { uploadOnce } from '../../components/Upload/uploadOnce';
import type { FormValues } from '../../components/LifecycleTable';
import { FileIcon, sizeText } from './FileIcon';

type Named = { id: number; name: string; type: number; size: number };

/** Attachments: several files uploaded with progress (kind attachment), listed with the spec's icons; the value is their ids. */
export function AttachmentsField({
  value,
  onChange,
  values,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  values: FormValues;
}) {
  const { t } = useTranslation(['inform', 'upload']);
  const input = useRef<HTMLInputElement>(null);
  const [known, setKnown] = useState<Named[]>(() => (Array.isArray(values.files) ? (values.files as Named[]) : []));
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = value ?? [];
  const pick = async (files: File[]) => {
    setError(null);
    let next = [...ids];
    for (const file of files) {
      if (next.length >= INFORM_ATTACHMENTS_MAX) {
        setError(t('attachments.tooMany', { n: INFORM_ATTACHMENTS_MAX }));
        break;
      }
      const problem = checkFile('attachment', file);
      if (problem) {
        setError(`${file.name}: ${t(`upload:${problem.key}`)}`);
        continue;
      }
      try {
        const out = await uploadOnce<FileRecord>(file, stepsFor('attachment'), (percent) =>
          setProgress({ name: file.name, percent }),
        );
        setKnown((k) => [
          ...k.filter((x) => x.id !== out.file.id),
          { id: out.file.id, name: out.file.name, type: out.file.type, size: out.file.size },
        ]);
        if (!next.includes(out.file.id)) next = [...next, out.file.id];
        onChange?.(next);
      } catch (err) {
        if (!(err instanceof ApiError && err.handled))
          setError(`${file.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    setProgress(null);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="field-attachments">
      <div className="vt-files">
        {ids.map((id) => {
          const f = known.find((k) => k.id === id);
          return (
            <div className="vt-file" key={id} data-testid={`attachment-${id}`}>
              <FileIcon type={f?.type ?? 4} />
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {f?.name ?? `#${id}`}
              </Typography.Text>
              {f ? <Typography.Text type="secondary">{sizeText(f.size)}</Typography.Text> : null}
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('attachments.remove', { name: f?.name ?? id })}
                onClick={() => onChange?.(ids.filter((x) => x !== id))}
              />
            </div>
          );
        })}
      </div>
      {progress ? <Progress percent={progress.percent} size="small" format={(p) => `${progress.name} ${p}%`} /> : null}
      <input
        ref={input}
        type="file"
        multiple
        style={{ display: 'none' }}
        accept={acceptOf('attachment')}
        data-testid="attachments-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void pick(files);
        }}
      />
      <Button
        icon={<PaperClipOutlined />}
        onClick={() => input.current?.click()}
        disabled={!!progress}
        data-testid="attachments-add"
      >
        {t('attachments.add')}
      </Button>
      <Typography.Text type="secondary">{t('attachments.help')}</Typography.Text>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** The roles' words (the spec's role codes). */
export const ROLE_ENUM = keyEnum('inform:role', ROLES);

/** Who receives: shop assistants, store managers, supervisors (the spec's role codes). */
export function RolesField({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation('inform');
  return (
    <Checkbox.Group
      data-testid="field-roles"
      value={value ?? [1, 2]}
      onChange={(v) => onChange?.(v as number[])}
      options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
    />
  );
}

/** The confirmation deadline: a local date and time, sent as Unix seconds (optional). */
export function DeadlineField({ value, onChange }: { value?: number; onChange?: (v: number | undefined) => void }) {
  const { t } = useTranslation('inform');
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      data-testid="field-deadline"
      placeholder={t('field.deadlinePlaceholder')}
      value={value ? toPicker(value) : null}
      disabledDate={(d) => d.isBefore(toPicker(dayjs().unix()).startOf('day'))}
      onChange={(d) => onChange?.(d ? fromPicker(d) : undefined)}
    />
  );
}
